import { z } from "zod";
import { loginBody, loginRefusals } from "~/.server/accounts/contract.server";
import { refusals } from "~/.server/contract/refusal-table.server";

/**
 * Two-factor sign-in's contract: the forms of /profile/two-factor and of sign-in's
 * second step, and how each refusal is told. Messages are keys of the "auth" namespace
 * ("profile:…" for the profile's).
 */

/** An authenticator app's code: six digits, spaces allowed between them as apps show them. */
const totpCode = z
  .string({ required_error: "errors.secondFactorCodeRequired" })
  .max(16, "errors.secondFactorCodeInvalid")
  .transform((value) => value.replace(/\s/g, ""))
  .pipe(
    z
      .string()
      .min(1, "errors.secondFactorCodeRequired")
      .regex(/^\d{6}$/, "errors.secondFactorCodeInvalid"),
  );

/** A recovery code as printed (xxxx-xxxx-xxxx), in any case, with or without its dashes. */
const recoveryCode = z
  .string({ required_error: "errors.secondFactorCodeRequired" })
  .trim()
  .min(1, "errors.secondFactorCodeRequired")
  .max(32, "errors.secondFactorCodeInvalid");

const currentPassword = z
  .string({ required_error: "profile:errors.currentPasswordRequired" })
  .min(1, "profile:errors.currentPasswordRequired")
  .max(256, "errors.tooLong");

/** The setup's pairing as the confirming form carries it back: the flow to confirm and the key shown. */
const setupFields = {
  flowId: z.string().min(1).max(128),
  secret: z
    .string()
    .max(128)
    .regex(/^[A-Z2-7]+$/),
};

/** The forms of two-factor sign-in and its setup, by name. */
export const twoFactorForms = {
  password: z.object({ currentPassword }),
  confirm: z.object({ ...setupFields, code: totpCode }),
  // Ten codes in the embedded store, twelve from Kratos: a few more are allowed, never a long list.
  download: z.object({ codes: z.array(z.string().max(32)).min(1).max(16) }),
  totp: z.object({ code: totpCode, remember: z.literal("on").optional() }),
  recovery: z.object({ code: recoveryCode, remember: z.literal("on").optional() }),
};

/** What sign-in's second step and the setup's confirmation answer for a wrong code, and for too many. */
export const secondFactorRefusals = refusals("auth", {
  codeInvalid: { status: 422, field: "code", message: "errors.secondFactorCodeWrong" },
  tooManyAttempts: { status: 429, field: "code", message: "errors.secondFactorTooManyAttempts" },
});

/** Sign-in's second step adds the ceiling: the app's codes are stopped, a recovery code or a new password opens it. */
export const secondStepRefusals = {
  ...secondFactorRefusals,
  ...refusals("auth", {
    codesStopped: { status: 403, field: "code", message: "errors.secondFactorCodesStopped" },
  }),
};

/** The setup and the changes that ask the password again. */
export const twoFactorPasswordRefusals = refusals("auth", {
  currentPasswordWrong: { status: 422, field: "currentPassword", message: "profile:errors.currentPasswordWrong" },
  tooManyAttempts: { status: 429, field: "currentPassword", message: "profile:errors.tooManyAttempts" },
  alreadyOn: { status: 409, field: null, message: "profile:twoFactor.errors.alreadyOn" },
  notOn: { status: 409, field: null, message: "profile:twoFactor.errors.notOn" },
});

/** POST /api/dashboard/login: the password, and the second factor in the same body when the member's sign-in asks it. */
export const apiLoginBody = loginBody.extend({
  totp_code: z
    .string()
    .max(16, "errors.secondFactorCodeInvalid")
    .optional()
    .describe("The 6-digit code of the member's authenticator app, when their sign-in asks a second factor"),
  recovery_code: z
    .string()
    .max(32, "errors.secondFactorCodeInvalid")
    .optional()
    .describe("Instead of totp_code: one of the member's single-use recovery codes"),
});

/**
 * The API's sign-in refusals: a right password for a member with two-factor sign-in and no code
 * answers 401 "second factor required" (send totp_code or recovery_code with email and password);
 * a wrong or used code 401 too; no session is left open by either.
 */
export const apiLoginRefusals = {
  ...loginRefusals,
  ...refusals("auth", {
    secondFactorRequired: { status: 401, field: null, message: "errors.secondFactorRequired" },
    secondFactorInvalid: { status: 401, field: null, message: "errors.secondFactorCodeWrong" },
    secondFactorTooManyAttempts: { status: 429, field: null, message: "errors.secondFactorTooManyAttempts" },
    secondFactorCodesStopped: { status: 403, field: null, message: "errors.secondFactorCodesStopped" },
  }),
};

// --- The profile's two-factor endpoints (/api/profile/two-factor…) ---------------------------------

const apiPassword = z.object({ current_password: currentPassword });

export const twoFactorApiBodies = {
  password: apiPassword,
  confirm: z.object({
    flow_id: z.string().min(1).max(128).describe("The flow_id the setup answered"),
    code: totpCode.describe("The app's first 6-digit code"),
  }),
};

export const twoFactorStateAnswer = z.object({
  enabled: z.boolean(),
  since: z.string().datetime().nullable().describe("When two-factor sign-in was turned on (ISO 8601), null: off"),
  recovery_codes_left: z.number().int().min(0),
});

export const twoFactorSetupAnswer = z.object({
  flow_id: z.string(),
  secret: z.string().describe("The key, in base32, to give the authenticator app"),
  otpauth_url: z.string().describe("The same key as an otpauth:// URL, what the QR code holds"),
});

export const recoveryCodesAnswer = z.object({
  recovery_codes: z.array(z.string()).describe("Ten single-use recovery codes, shown this once"),
});

/** The setup's confirmation through the API: the page's refusals, with the code's field named as the body names it. */
export const twoFactorConfirmRefusals = {
  ...secondFactorRefusals,
  alreadyOn: twoFactorPasswordRefusals.alreadyOn,
};
