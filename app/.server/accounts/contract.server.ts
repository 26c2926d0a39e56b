import { z } from "zod";
import { refusals } from "~/.server/contract/refusal-table.server";
import { defaultGender, registerFields } from "~/forms/register";
import { defaultUserType, userTypes } from "~/forms/user-type";

/**
 * The accounts' contract (SPEC §7): the JSON API's bodies and answers — the routes parse with
 * these schemas and /api/openapi.json is generated from them, so the two cannot drift — and how
 * each refusal is told, page and API alike. Messages are keys of the "auth" namespace.
 */
export const loginBody = z.object({
  email: registerFields.email,
  password: z
    .string({ required_error: "errors.passwordRequired" })
    .min(1, "errors.passwordRequired")
    .max(256, "errors.tooLong"),
});

export const recoveryBody = z.object({ email: registerFields.email });

export const registerBody = z.object({
  user: z.object(
    {
      firstname: registerFields.firstName,
      lastname: registerFields.lastName,
      birth_date: registerFields.birthDate,
      gender: registerFields.gender.default(defaultGender),
      email: registerFields.email,
      mobile: z
        .string()
        .trim()
        .regex(/^\+\d{1,4} ?\d{6,14}$/, "errors.mobileInvalid")
        .optional()
        .describe("+, country code (33 by default in the forms), then the number: +33 612345678"),
      // SPEC §3: the registration's lang is always fr.
      lang: z.literal("fr").catch("fr").default("fr"),
      password: registerFields.password,
      user_type: z.enum(userTypes).default(defaultUserType),
    },
    { required_error: "errors.invalidRequest" },
  ),
});

/**
 * SPEC §7: login and register answer the session token itself, a JSON string, which the spec's client
 * stores as is in its `token` cookie (and sends back as `Authorization: Bearer …`).
 */
export const tokenAnswer = z
  .string()
  .describe("The session token itself: the `token` cookie's value, or `Authorization: Bearer <token>`");
export const recoveryAnswer = z.object({ success: z.literal(true), code_id: z.string().uuid() });

const verifiableAddress = z.object({
  id: z.string().uuid(),
  value: z.string(),
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  via: z.literal("email"),
  status: z.enum(["pending", "sent", "completed"]),
  created_at: z.string(),
  updated_at: z.string(),
});

export const identityAnswer = z.object({
  id: z.string().uuid(),
  schema_id: z.string(),
  state: z.enum(["active", "inactive"]),
  traits: z.object({ email: z.string(), name: z.object({ first: z.string(), last: z.string() }) }),
  verifiable_addresses: z.array(verifiableAddress),
  recovery_addresses: z.array(
    z.object({
      id: z.string().uuid(),
      value: z.string(),
      via: z.literal("email"),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});

export const memberAnswer = z.object({
  id: z.string().uuid(),
  identity_id: z.string().uuid(),
  firstname: z.string(),
  lastname: z.string(),
  birth_date: z.string(),
  gender: z.string(),
  mobile: z.string().nullable(),
  lang: z.string(),
  time_zone: z.string().describe("IANA time zone of the member's days and times (Europe/Paris by default)"),
  time_zone_set: z.boolean().describe("Whether the member or their browser chose the zone"),
  user_type: z.string(),
  level_of_study: z.string().nullable(),
  role: z.string().nullable(),
  invited_by: z.string().uuid().nullable(),
  created_at: z.string(),
});

// SPEC §3 builds the client's user with a flowId "from the provider id", and §7's provider part is
// `ory (id, identity)`: user.flowId is ory.id, so a client reading either finds one value. The
// identity's own id is another, under ory.identity.id and user.identity_id.
export const whoamiAnswer = z.object({
  ory: z.object({
    id: z
      .string()
      .uuid()
      .describe(
        "The session's id, as the identity provider's whoami names it (the one GET /api/sessions marks current); the identity's id is ory.identity.id",
      ),
    identity: identityAnswer,
  }),
  user: memberAnswer.extend({
    flowId: z
      .string()
      .uuid()
      .describe(
        "SPEC §3's flowId, taken from the provider's id: the same value as ory.id (the session's id), not the identity's (identity_id)",
      ),
  }),
});

// --- Refusals --------------------------------------------------------------------------------------

export const loginRefusals = refusals("auth", {
  invalidCredentials: { status: 401, field: null, message: "errors.invalidCredentials" },
  tooManyAttempts: { status: 429, field: null, message: "errors.tooManyAttempts" },
});

// Limits, not the address's fault: the page's general message (SPEC §8); the API keeps its email line.
const recoveryLimit = (message: string) => ({ status: 429, field: null, message, api: { field: "email" } });
export const recoveryRequestRefusals = refusals("auth", {
  tooManyResends: recoveryLimit("errors.tooManyResends"),
  tooManyCodeRequests: recoveryLimit("errors.tooManyCodeRequests"),
  codeTooManyTries: recoveryLimit("errors.codeTooManyTries"),
});

// Quotas of registrations (accounts/registration.server.ts): the inbox's for a day, the client address's for an hour.
export const registrationRefusals = refusals("auth", {
  emailTaken: { status: 409, field: "email", message: "errors.emailTaken" },
  tooManyRegistrationsForAddress: {
    status: 429,
    field: "email",
    message: "errors.tooManyRegistrationsForAddress",
    api: { retryAfter: 24 * 60 * 60 },
  },
  tooManyRegistrationsFromHere: {
    status: 429,
    field: null,
    message: "errors.tooManyRegistrationsFromHere",
    api: { retryAfter: 60 * 60 },
  },
  passwordRejected: {
    status: 422,
    field: "password",
    message: "errors.passwordRejected",
    api: { base: "errors.checkFields" },
  },
});

/** A refused code: 429 once the identity (a day) or the client address (an hour) has spent its tries, else 422. */
export const codeRefusals = refusals("auth", {
  codeInvalid: { status: 422, field: "code", message: "errors.codeInvalid" },
  codeExpired: { status: 422, field: "code", message: "errors.codeExpired" },
  codeTooManyTries: { status: 429, field: "code", message: "errors.codeTooManyTries" },
  codeTooManyTriesFromHere: { status: 429, field: "code", message: "errors.codeTooManyTriesFromHere" },
});

/** A new password with its recovery code. */
export const recoveryRefusals = {
  ...codeRefusals,
  ...refusals("auth", { passwordRejected: { status: 422, field: "password", message: "errors.passwordRejected" } }),
};
