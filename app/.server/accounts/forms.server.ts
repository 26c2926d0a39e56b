/**
 * The account forms' schemas, and conform's parse, as their actions read them. A `.server` module,
 * so the pages that import it for their action keep zod and conform out of their first load (Remix
 * empties it in the browser build); the browser gets the same schemas, lazily, through
 * ~/forms/auth-checks.
 */
export { forgotPasswordSchema, loginSchema, newPasswordSchema, verificationSchema } from "~/forms/login";
export { firstStepSchema, secondStepSchema } from "~/forms/register-steps";
export { parseWithZod } from "~/forms/submission";
