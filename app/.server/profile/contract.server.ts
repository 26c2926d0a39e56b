import { z } from "zod";
import type { Operations } from "~/.server/api/openapi.server";
import { successAnswer } from "~/.server/api/respond.server";
import { codeRefusals, registerBody } from "~/.server/accounts/contract.server";
import { refusals } from "~/.server/http/refusal-table.server";
import { pageAnswerFields, pageQueryParameters } from "~/.server/paging/paging.server";
import { levelsOfStudy } from "~/forms/profile";
import { registerFields } from "~/forms/register";
import { userTypes } from "~/forms/user-type";

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
  code: z
    .string({ required_error: "errors.codeRequired" })
    .trim()
    .min(1, "errors.codeRequired")
    .max(12, "errors.codeInvalid"),
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

// --- OpenAPI ---------------------------------------------------------------------------------------

export const deviceOperations: Operations = {
  "/api/sessions": {
    post: undefined,
    get: {
      summary:
        "The member's signed-in devices (live sessions), this one first, a page at a time: browser and system, signed in, last seen",
      signedIn: true,
      query: pageQueryParameters.map((parameter) =>
        parameter.name === "limit"
          ? { ...parameter, description: `${parameter.description} (default ${DEVICES_API_PAGE_SIZE})` }
          : parameter,
      ),
      ok: { status: 200, schema: devicesAnswer, description: "A page of the sessions" },
      failures: [401, 403, 422],
    },
  },
  "/api/sessions/revoke-others": {
    get: undefined,
    post: {
      summary: "Sign out every other device: all the member's sessions but this one end",
      signedIn: true,
      ok: { status: 200, schema: revokedAnswer, description: "How many sessions ended" },
      failures: [401, 403],
    },
  },
  "/api/sessions/{id}/revoke": {
    get: undefined,
    post: {
      summary: "Sign out one of the member's other devices (409 for this one: use /api/dashboard/logout)",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: successAnswer, description: "That session ended" },
      failures: [401, 403, 404, 409],
    },
  },
};

export const profileOperations: Operations = {
  "/api/profile": {
    get: {
      summary: "The signed-in member's profile (only ever the session's own member)",
      signedIn: true,
      ok: { status: 200, schema: profileAnswer, description: "The profile" },
      failures: [401, 403],
    },
    post: {
      summary: "Update the profile: a field left out keeps its value, null clears an optional one",
      signedIn: true,
      body: profileBody,
      ok: { status: 200, schema: profileAnswer, description: "The profile as saved" },
      failures: [400, 401, 403, 422],
    },
  },
  "/api/profile/email": {
    get: undefined,
    post: {
      summary:
        "Change the email address, given the current password: a code goes to the new address, which replaces the old " +
        "one once confirmed (422: wrong password; 429: 5 wrong passwords in 15 minutes, or 3 codes in 15 minutes)",
      signedIn: true,
      body: emailChangeBody,
      ok: { status: 202, schema: profileAnswer, description: "Code sent; pending_email names the new address" },
      failures: [400, 401, 403, 409, 422, 429],
    },
  },
  "/api/profile/email/confirm": {
    get: undefined,
    post: {
      summary:
        "Confirm an email change with the code sent to the new address; every other session of the account ends. " +
        "429: 10 wrong codes an account a day or 20 a client address an hour, in every flow",
      signedIn: true,
      body: emailCodeBody,
      ok: { status: 200, schema: profileAnswer, description: "The new address is the account's; this session stays" },
      failures: [400, 401, 403, 409, 422, 429],
    },
  },
  "/api/profile/email/cancel": {
    get: undefined,
    post: {
      summary: "Withdraw the pending email change: its code stops working and the account keeps its address",
      signedIn: true,
      ok: { status: 200, schema: profileAnswer, description: "The profile, with no pending email" },
      failures: [401, 403],
    },
  },
  "/api/profile/password": {
    get: undefined,
    post: {
      summary: "Change the password with the current one; every other session ends",
      signedIn: true,
      body: passwordBody,
      ok: { status: 200, schema: successAnswer, description: "Changed" },
      failures: [400, 401, 403, 422, 429],
    },
  },
  "/api/profile/photo": {
    get: undefined,
    post: {
      summary:
        "Upload a profile photo: the body is the image's bytes (JPEG, PNG or WebP, 5 MB and 40 megapixels at most), " +
        "sent with no Content-Type or the image's; it becomes a 256×256 WebP (413: too large; 415: not such an " +
        "image; 422: unreadable or too many pixels; 429: 20 uploads an hour)",
      signedIn: true,
      rawBody: { types: ["image/jpeg", "image/png", "image/webp"], description: "The image file's bytes" },
      ok: { status: 200, schema: photoAnswer, description: "Saved; the previous photo's URL no longer answers" },
      failures: [400, 401, 403, 413, 415, 422, 429],
    },
  },
  "/api/profile/photo/delete": {
    get: undefined,
    post: {
      summary: "Remove the profile photo (done too when there was none)",
      signedIn: true,
      ok: { status: 200, schema: successAnswer, description: "Removed; its URL no longer answers" },
      failures: [401, 403],
    },
  },
  "/api/profile/delete": {
    get: undefined,
    post: {
      summary: "Delete the account and its data, confirmed with the address and the password",
      signedIn: true,
      body: deletionBody,
      ok: { status: 200, schema: successAnswer, description: "Deleted; the token no longer works" },
      failures: [400, 401, 403, 422, 429],
    },
  },
};
