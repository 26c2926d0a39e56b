/**
 * The account pages' checks in the browser: the server's own schemas run through conform's
 * parse, so a member reads the same translated messages as they type as after a post. Loaded with
 * `import()` when the member first reaches a form (useClientChecks), never in the first load.
 */
import { parseWithZod } from "~/forms/submission";
import type { ZodTypeAny } from "zod";
import type { Check } from "./check";
import { forgotPasswordSchema, loginSchema, newPasswordSchema, verificationSchema } from "./login";
import { firstStepSchema, secondStepSchema } from "./register-steps";

function checkWith(schema: ZodTypeAny): Check {
  return (formData) => {
    const submission = parseWithZod(formData, { schema });
    const errors: Record<string, string[]> = {};
    if (submission.status !== "error") return errors;
    for (const [name, list] of Object.entries(submission.error ?? {})) if (list?.length) errors[name] = list;
    return errors;
  };
}

export const checkLogin = checkWith(loginSchema);
export const checkForgotPassword = checkWith(forgotPasswordSchema);
export const checkNewPassword = checkWith(newPasswordSchema);
export const checkVerification = checkWith(verificationSchema);
export const checkRegisterFirstStep = checkWith(firstStepSchema);
export const checkRegisterSecondStep = checkWith(secondStepSchema);
