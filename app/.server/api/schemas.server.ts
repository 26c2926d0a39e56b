import { z } from "zod";
import { sessionStart, timeZoneField } from "~/.server/coaching/booking-forms.server";
import { relations } from "~/.server/team/relations.server";
import { defaultGender, registerFields } from "~/forms/register";
import { levelsOfStudy } from "~/forms/profile";
import { defaultUserType, userTypes } from "~/forms/user-type";

/**
 * The JSON API's bodies and answers (SPEC §7, ARCHITECTURE "app/routes/api.*"). The routes parse
 * with these schemas and /api/openapi.json is generated from them, so the two cannot drift.
 * Messages are keys of the "auth" namespace, translated for Accept-Language.
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

export const tokenAnswer = z.object({ token: z.string() });
export const recoveryAnswer = z.object({ success: z.literal(true), code_id: z.string().uuid() });
export const frontVersionAnswer = z.string().describe("The front end's build version, compared as a string");

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
  user_type: z.string(),
  level_of_study: z.string().nullable(),
  role: z.string().nullable(),
  invited_by: z.string().uuid().nullable(),
  created_at: z.string(),
});

export const whoamiAnswer = z.object({
  ory: z.object({ id: z.string().uuid().describe("The session id"), identity: identityAnswer }),
  user: memberAnswer,
});

export const errorAnswer = z.object({
  errors: z.object({ base: z.array(z.string()) }).catchall(z.array(z.string())),
});

// --- Learning ------------------------------------------------------------------------------------

const trainingState = z.enum(["locked", "not_started", "in_progress", "completed"]);

export const trainingCardAnswer = z.object({
  slug: z.string(),
  kind: z.enum(["training", "test"]),
  title: z.string(),
  summary: z.string(),
  access: z.enum(["free", "payable"]),
  archived: z.boolean(),
  state: trainingState,
  percent: z.number().int().min(0).max(100),
  hours: z.number(),
  moduleCount: z.number().int(),
  actionPath: z.string(),
});

export const trainingsAnswer = z.object({ trainings: z.array(trainingCardAnswer) });

export const trainingAnswer = z.object({
  training: trainingCardAnswer,
  modules: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      summary: z.string(),
      hours: z.number(),
      access: z.enum(["free", "payable"]),
      state: trainingState,
      partCount: z.number().int(),
      hasQuiz: z.boolean(),
      path: z.string(),
      parts: z.array(
        z.object({
          slug: z.string(),
          kind: z.enum(["text", "video", "exercise"]),
          title: z.string(),
          read: z.boolean(),
        }),
      ),
      quiz: z
        .object({
          questions: z.array(
            z.object({
              id: z.string(),
              prompt: z.string(),
              min: z.number().int(),
              max: z.number().int(),
              answers: z.array(z.object({ id: z.string(), label: z.string() })),
            }),
          ),
        })
        .nullable(),
    }),
  ),
});

export const stepAnswer = z.object({ moduleCompleted: z.boolean(), trainingCompleted: z.boolean() });

export const quizBody = z.object({
  answers: z.record(z.string(), z.array(z.string()), { required_error: "errors.invalidRequest" }),
});

// --- Profile -------------------------------------------------------------------------------------

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

export const successAnswer = z.object({ success: z.literal(true) });

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
export const devicesAnswer = z.object({ sessions: z.array(deviceAnswer) });
export const revokedAnswer = z.object({ success: z.literal(true), revoked: z.number().int().min(0) });
export const deletionBody = z.object({
  email: registerFields.email.describe("The account's address, typed again to confirm"),
  current_password: passwordBody.shape.current_password,
});

// --- Team, invitations, surveys --------------------------------------------------------------------

export {
  crewMemberSchema as crewBody,
  crewEditSchema as crewEditBody,
  surveySchema as surveyBody,
} from "~/.server/team/team-forms.server";

const crewMember = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  relation: z.enum(relations),
  status: z.enum(["invited", "joined", "declined", "revoked"]),
  invitationId: z.string().uuid().nullable(),
});

export const teamAnswer = z.object({ crew: z.array(crewMember) });
export const crewMemberAnswer = z.object({ crew: crewMember });

const invitationStatus = z.enum(["pending", "accepted", "declined", "revoked"]);

export const invitationsAnswer = z.object({
  sent: z.array(
    z.object({
      id: z.string().uuid(),
      email: z.string(),
      name: z.string().nullable(),
      status: invitationStatus,
      lastSentAt: z.string(),
      canResend: z.boolean().describe("Pending, and the last email is older than the resend gap"),
    }),
  ),
  received: z.array(
    z.object({ id: z.string().uuid(), inviterName: z.string(), status: invitationStatus, createdAt: z.string() }),
  ),
});

const surveyView = z.object({
  id: z.string().uuid(),
  title: z.string(),
  questions: z.array(z.object({ id: z.string(), prompt: z.string() })),
  sent: z.number().int(),
  answered: z.number().int(),
  closed: z.boolean().describe("Closed by the member or once everyone answered: no more answers, results final"),
  results: z
    .array(z.object({ id: z.string(), prompt: z.string(), average: z.number(), comments: z.array(z.string()) }))
    .nullable()
    .describe("Null until the survey is closed with at least 3 answers; then averages and comments, without names"),
  createdAt: z.string(),
});

export const surveysAnswer = z.object({ surveys: z.array(surveyView) });
export const surveyAnswer = z.object({ survey: surveyView });

// --- Coaching --------------------------------------------------------------------------------------

const coachView = z.object({
  slug: z.string(),
  name: z.string(),
  photo: z.string(),
  bio: z.string(),
  languages: z.array(z.string()),
  time_zone: z.string().describe("The coach's IANA time zone"),
  session_minutes: z.number().int(),
  buffer_minutes: z.number().int().describe("Kept free after each session"),
});

export const coachesAnswer = z.object({ coaches: z.array(coachView) });

export const slotsAnswer = z.object({
  coach: z.string(),
  time_zone: z.string().describe("The zone of the `date` and `time` fields (the tz query, Europe/Paris by default)"),
  slots: z.array(
    z.object({
      start: z.string().describe("ISO 8601 instant, UTC"),
      end: z.string(),
      date: z.string(),
      time: z.string(),
    }),
  ),
});

const bookingView = z.object({
  id: z.string().uuid(),
  coach: z.object({ slug: z.string(), name: z.string() }),
  status: z.enum(["confirmed", "cancelled"]),
  start: z.string().describe("ISO 8601 instant, UTC"),
  end: z.string(),
  time_zone: z.string().describe("The member's time zone, in which `date` and `time` are given"),
  date: z.string(),
  time: z.string(),
  meeting_url: z.string().nullable().describe("The web-conference room; null once cancelled"),
  changeable: z.boolean().describe("Confirmed and not started: it can be rescheduled or cancelled"),
  cancelled_by: z.enum(["member", "coach"]).nullable(),
});

export const bookingsAnswer = z.object({ upcoming: z.array(bookingView), past: z.array(bookingView) });
export const bookingAnswer = z.object({ booking: bookingView });

export const bookingBody = z.object({
  coach: z.string({ required_error: "coaching:errors.coachUnknown" }).max(80, "coaching:errors.coachUnknown"),
  start: sessionStart.describe("One of the coach's free slots (its `start`)"),
  time_zone: timeZoneField.describe("The member's IANA time zone, for the emails and the calendar"),
});

export const rescheduleBody = bookingBody.omit({ coach: true });
