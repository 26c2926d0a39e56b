import { z } from "zod";
import { codeRefusals, registerBody } from "~/.server/accounts/contract.server";
import { refusals } from "~/.server/contract/refusal-table.server";
import { pageAnswerFields } from "~/.server/paging/paging.server";
import { levelsOfStudy } from "~/forms/profile";
import { registerFields } from "~/forms/register";
import { userTypes } from "~/forms/user-type";
import { requiredText } from "~/forms/required-text";

/**
 * The profile's contract: the JSON API's bodies and answers (the routes parse with them,
 * /api/openapi.json is generated from them) and how each refusal is told, page and API alike.
 * Messages are keys of "auth" ("profile:…" for ours); the devices' are keys of "profile".
 */
export const profileAnswer = z.object({
  profile: z.object({
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    mobile: z.string().nullable(),
    birth_date: z.string(),
    level_of_study: z.string().nullable(),
    role: z.string().nullable(),
    user_type: z.string(),
    pending_email: z.string().nullable().describe("The new address of an email change waiting for its code"),
    photo_url: z
      .string()
      .nullable()
      .describe("The profile photo (a 256×256 WebP; a new URL at each upload), or null when there is none"),
  }),
});

/** Every field is optional: a field left out keeps its value; null clears an optional one. */
export const profileBody = z.object({
  firstname: registerFields.firstName.optional(),
  lastname: registerFields.lastName.optional(),
  birth_date: registerFields.birthDate.optional(),
  mobile: registerBody.shape.user.shape.mobile.nullable(),
  level_of_study: z
    .enum(levelsOfStudy, { errorMap: () => ({ message: "profile:errors.levelOfStudyInvalid" }) })
    .nullable()
    .optional(),
  role: z.string().trim().max(80, "errors.tooLong").nullable().optional(),
  user_type: z.enum(userTypes, { errorMap: () => ({ message: "profile:errors.userTypeInvalid" }) }).optional(),
});

export const passwordBody = z.object({
  current_password: z
    .string({ required_error: "profile:errors.currentPasswordRequired" })
    .min(1, "profile:errors.currentPasswordRequired")
    .max(256, "errors.tooLong"),
  password: registerFields.password,
});

export const emailChangeBody = z.object({
  email: registerFields.email,
  current_password: passwordBody.shape.current_password,
});
export const emailCodeBody = z.object({
  code: requiredText("errors.codeRequired", 12, "errors.codeInvalid"),
});

export const deviceAnswer = z.object({
  id: z.string().uuid().describe("The session id"),
  browser: z
    .string()
    .nullable()
    .describe("As the user agent names it (Chrome, Firefox, Safari…); null when it does not say"),
  system: z.string().nullable().describe("As the user agent names it (Windows, macOS, Android, iOS…)"),
  signed_in_at: z.string().datetime(),
  last_seen_at: z.string().datetime().describe("Refreshed at most every 5 minutes"),
  current: z.boolean().describe("The session of this request"),
});
/** How many devices a page of GET /api/sessions holds unless `limit` says. */
export const DEVICES_API_PAGE_SIZE = 20;
export const devicesAnswer = z.object({
  sessions: z.array(deviceAnswer).describe("This one first (on the first page), then the most recently seen"),
  ...pageAnswerFields,
});
export const revokedAnswer = z.object({ success: z.literal(true), revoked: z.number().int().min(0) });
export const deletionBody = z.object({
  email: registerFields.email.describe("The account's address, typed again to confirm"),
  current_password: passwordBody.shape.current_password,
});

// --- Refusals --------------------------------------------------------------------------------------

export const emailChangeRefusals = refusals("auth", {
  emailTaken: { status: 409, field: "email", message: "errors.emailTaken" },
  sameEmail: { status: 409, field: "email", message: "profile:errors.sameEmail" },
  tooManyEmailChanges: { status: 429, field: "email", message: "profile:errors.tooManyEmailChanges" },
  currentPasswordWrong: { status: 422, field: "currentPassword", message: "profile:errors.currentPasswordWrong" },
  // As it always answered: the API puts this one under the email.
  tooManyAttempts: {
    status: 429,
    field: "currentPassword",
    message: "profile:errors.tooManyAttempts",
    api: { field: "email" },
  },
});

export const emailConfirmRefusals = {
  ...codeRefusals,
  // As it always answered: the page says 422 (a refused code), the API 409 (the address is taken).
  ...refusals("auth", {
    emailTaken: { status: 422, field: "code", message: "errors.emailTaken", api: { status: 409 } },
  }),
};

export const passwordChangeRefusals = refusals("auth", {
  currentPasswordWrong: {
    status: 422,
    field: "currentPassword",
    message: "profile:errors.currentPasswordWrong",
    api: { base: "errors.checkFields" },
  },
  tooManyAttempts: {
    status: 429,
    field: "currentPassword",
    message: "profile:errors.tooManyAttempts",
    api: { base: "errors.checkFields" },
  },
  passwordRejected: {
    status: 422,
    field: "password",
    message: "profile:errors.passwordRejected",
    api: { base: "errors.checkFields" },
  },
});

export const deletionRefusals = refusals("auth", {
  confirmEmailWrong: { status: 422, field: "email", message: "profile:errors.confirmEmailWrong" },
  currentPasswordWrong: { status: 422, field: "currentPassword", message: "profile:errors.currentPasswordWrong" },
  tooManyAttempts: { status: 429, field: "currentPassword", message: "profile:errors.tooManyAttempts" },
});

export const photoAnswer = z.object({
  photo_url: z.string().describe("The new photo's URL: a 256×256 WebP, cached for good (a new upload, a new URL)"),
});

export const photoRefusals = refusals("auth", {
  missing: { status: 400, field: "photo", message: "profile:errors.photoMissing" },
  tooLarge: { status: 413, field: "photo", message: "profile:errors.photoTooLarge" },
  notAnImage: { status: 415, field: "photo", message: "profile:errors.photoNotAnImage" },
  unreadable: { status: 422, field: "photo", message: "profile:errors.photoUnreadable" },
  tooManyPixels: { status: 422, field: "photo", message: "profile:errors.photoTooManyPixels" },
  tooManyUploads: { status: 429, field: "photo", message: "profile:errors.photoTooManyUploads" },
});

export const deviceRefusals = refusals("profile", {
  notFound: { status: 404, field: null, message: "errors.notFound" },
  currentDevice: { status: 409, field: null, message: "errors.currentDevice" },
});
