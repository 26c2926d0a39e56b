import type { ZodType } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import {
  bookingAnswer,
  bookingBody,
  bookingsAnswer,
  coachesAnswer,
  rescheduleBody,
  slotsAnswer,
  crewBody,
  crewEditBody,
  crewMemberAnswer,
  deletionBody,
  devicesAnswer,
  emailChangeBody,
  emailCodeBody,
  errorAnswer,
  frontVersionAnswer,
  invitationsAnswer,
  loginBody,
  passwordBody,
  profileAnswer,
  profileBody,
  recoveryAnswer,
  recoveryBody,
  quizBody,
  registerBody,
  revokedAnswer,
  stepAnswer,
  successAnswer,
  surveyAnswer,
  surveyBody,
  surveysAnswer,
  teamAnswer,
  tokenAnswer,
  trainingAnswer,
  trainingsAnswer,
  whoamiAnswer,
} from "./schemas.server";

/** /api/openapi.json, generated from the same zod schemas the routes parse and answer with. */
type Operation = {
  summary: string;
  body?: ZodType;
  query?: { name: string; description: string; required?: boolean }[];
  path?: string[];
  signedIn?: boolean;
  ok: { status: number; schema: ZodType; description: string };
  failures: number[];
};

const operations: Record<string, Record<"get" | "post", Operation | undefined>> = {
  "/api/dashboard/login": {
    get: undefined,
    post: {
      summary: "Log in with an email and a password; answers the session token",
      body: loginBody,
      query: [{ name: "locale", description: "The language of error messages (fr or en)" }],
      ok: { status: 200, schema: tokenAnswer, description: "Signed in" },
      failures: [400, 401, 422, 429],
    },
  },
  "/api/recovery": {
    get: undefined,
    post: {
      summary:
        "Send a password recovery code by email; the same answer whether the email is known or not. " +
        "429: 3 codes an address in 15 minutes, 10 a day, 20 requests a client address an hour, or the day's wrong codes spent",
      body: recoveryBody,
      ok: { status: 200, schema: recoveryAnswer, description: "Recovery started" },
      failures: [400, 422, 429],
    },
  },
  "/api/dashboard/whoami": {
    post: undefined,
    get: {
      summary: "The signed-in member: the identity (Ory Kratos shape) and the product's user record",
      signedIn: true,
      ok: { status: 200, schema: whoamiAnswer, description: "The session's identity and member" },
      failures: [401],
    },
  },
  "/api/dashboard/register": {
    get: undefined,
    post: {
      summary: "Register a member and sign them in; a verification code is emailed",
      body: registerBody,
      query: [{ name: "invited_id", description: "The inviting member's id, from an invitation link" }],
      ok: { status: 201, schema: tokenAnswer, description: "Registered and signed in" },
      failures: [400, 409, 422],
    },
  },
  "/api/dashboard/logout": {
    get: undefined,
    post: {
      summary: "End the session of the bearer token (or cookie); the token cookie is cleared",
      signedIn: true,
      ok: { status: 200, schema: successAnswer, description: "Signed out" },
      failures: [401, 403],
    },
  },
  "/api/sessions": {
    post: undefined,
    get: {
      summary:
        "The member's signed-in devices (live sessions), this one first: browser and system, signed in, last seen",
      signedIn: true,
      ok: { status: 200, schema: devicesAnswer, description: "The sessions" },
      failures: [401, 403],
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
  "/api/trainings": {
    post: undefined,
    get: {
      summary:
        "The trainings and tests with the member's progress and state (locked, not_started, in_progress, completed)",
      signedIn: true,
      ok: { status: 200, schema: trainingsAnswer, description: "The catalogue" },
      failures: [401, 403],
    },
  },
  "/api/trainings/{training_slug}": {
    post: undefined,
    get: {
      summary: "One training: its modules, the parts read, and the quiz questions with their limits",
      signedIn: true,
      path: ["training_slug"],
      ok: { status: 200, schema: trainingAnswer, description: "The training" },
      failures: [401, 403, 404],
    },
  },
  "/api/trainings/{training_slug}/modules/{module_slug}/parts/{part_slug}/read": {
    get: undefined,
    post: {
      summary: 'Mark a part read ("I\'ve read")',
      signedIn: true,
      path: ["training_slug", "module_slug", "part_slug"],
      ok: { status: 200, schema: stepAnswer, description: "Saved; whether the module or the training just ended" },
      failures: [401, 403, 404],
    },
  },
  "/api/trainings/{training_slug}/modules/{module_slug}/quiz": {
    get: undefined,
    post: {
      summary:
        "Submit a quiz; a selection outside a question's limits answers 422 with messages under the question's id",
      signedIn: true,
      body: quizBody,
      path: ["training_slug", "module_slug"],
      ok: { status: 200, schema: stepAnswer, description: "Stored and scored" },
      failures: [400, 401, 403, 404, 422],
    },
  },
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
  "/api/team": {
    get: {
      summary: "The member's crew, each with their status: invited, joined, declined or revoked",
      signedIn: true,
      ok: { status: 200, schema: teamAnswer, description: "The crew" },
      failures: [401, 403],
    },
    post: {
      summary:
        "Add a crew member; their invitation (link /home/register?invited_id=<invitation id>) is emailed. " +
        "429: one invitation a day from a member to an address, 20 crew emails a member a day, 3 to an address a day",
      signedIn: true,
      body: crewBody,
      ok: { status: 201, schema: crewMemberAnswer, description: "Added and invited" },
      failures: [400, 401, 403, 409, 422, 429],
    },
  },
  "/api/team/{id}": {
    get: {
      summary: "One crew member of the member's own crew",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: crewMemberAnswer, description: "The crew member" },
      failures: [401, 403, 404],
    },
    post: {
      summary: "Change a crew member's name and relation (the email stays the invited one)",
      signedIn: true,
      path: ["id"],
      body: crewEditBody,
      ok: { status: 200, schema: crewMemberAnswer, description: "Saved" },
      failures: [400, 401, 403, 404, 422],
    },
  },
  "/api/team/{id}/remove": {
    get: undefined,
    post: {
      summary: "Remove a crew member; their pending invitation is revoked",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: successAnswer, description: "Removed" },
      failures: [401, 403, 404],
    },
  },
  "/api/invitations": {
    post: undefined,
    get: {
      summary: "Invitations the member sent and those sent to their address",
      signedIn: true,
      ok: { status: 200, schema: invitationsAnswer, description: "Sent and received invitations" },
      failures: [401, 403],
    },
  },
  ...Object.fromEntries(
    (
      [
        [
          "resend",
          "Email a pending invitation the member sent again (at most once a day, and within the crew email quotas)",
        ],
        ["revoke", "Withdraw a pending invitation the member sent: its link stops working"],
        ["accept", "Accept a pending invitation sent to the member's address: they join the inviter's crew"],
        ["decline", "Decline a pending invitation sent to the member's address"],
      ] as const
    ).map(([intent, summary]) => [
      `/api/invitations/{id}/${intent}`,
      {
        get: undefined,
        post: {
          summary,
          signedIn: true,
          path: ["id"],
          ok: { status: 200, schema: successAnswer, description: "Done" },
          failures: [401, 403, 404, 409, ...(intent === "resend" ? [429] : [])],
        },
      },
    ]),
  ),
  "/api/surveys": {
    get: {
      summary:
        "The member's 360 surveys: how many answered, and the anonymous results once closed with 3 answers or more",
      signedIn: true,
      ok: { status: 200, schema: surveysAnswer, description: "The surveys" },
      failures: [401, 403],
    },
    post: {
      summary:
        "Create a 360 survey (3 to 5 questions) and email each chosen crew member a private link that answers once " +
        "(429 beyond 20 crew emails a member a day or 3 to an address a day)",
      signedIn: true,
      body: surveyBody,
      ok: { status: 201, schema: surveyAnswer, description: "Created and sent" },
      failures: [400, 401, 403, 422, 429],
    },
  },
  "/api/surveys/{id}/close": {
    get: undefined,
    post: {
      summary:
        "Close one of the member's surveys: it takes no more answers, and its results (3 answers or more) show, final",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: surveyAnswer, description: "The closed survey" },
      failures: [401, 403, 404],
    },
  },
  "/api/coaches": {
    post: undefined,
    get: {
      summary: "The coaches who take discovery sessions: bio, languages, time zone, session length and buffer",
      signedIn: true,
      ok: { status: 200, schema: coachesAnswer, description: "The coaches" },
      failures: [401, 403],
    },
  },
  "/api/coaches/{coach_slug}/slots": {
    post: undefined,
    get: {
      summary: "A coach's free discovery-session times (12 h notice, 60 days ahead), dated in the tz zone",
      signedIn: true,
      path: ["coach_slug"],
      query: [
        { name: "tz", description: "IANA time zone of the date and time fields (default Europe/Paris)" },
        { name: "from", description: "ISO 8601 instant; default now" },
        { name: "to", description: "ISO 8601 instant; default the end of the booking window" },
      ],
      ok: { status: 200, schema: slotsAnswer, description: "Free times, earliest first" },
      failures: [401, 403, 404, 422],
    },
  },
  "/api/bookings": {
    get: {
      summary: "The member's discovery sessions: upcoming, then past and cancelled",
      signedIn: true,
      ok: { status: 200, schema: bookingsAnswer, description: "The sessions" },
      failures: [401, 403],
    },
    post: {
      summary:
        "Book a free slot; member and coach get the confirmation email with the meeting link and an .ics invitation",
      signedIn: true,
      body: bookingBody,
      ok: { status: 201, schema: bookingAnswer, description: "Booked" },
      failures: [400, 401, 403, 404, 409, 422],
    },
  },
  "/api/bookings/{id}": {
    post: undefined,
    get: {
      summary: "One of the member's own sessions",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: bookingAnswer, description: "The session" },
      failures: [401, 403, 404],
    },
  },
  "/api/bookings/{id}/reschedule": {
    get: undefined,
    post: {
      summary: "Move the session to another free slot of its coach; both get the updated invitation",
      signedIn: true,
      path: ["id"],
      body: rescheduleBody,
      ok: { status: 200, schema: bookingAnswer, description: "Moved" },
      failures: [400, 401, 403, 404, 409, 422],
    },
  },
  "/api/bookings/{id}/cancel": {
    get: undefined,
    post: {
      summary: "Cancel the session: the slot is free again and both are told",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: bookingAnswer, description: "Cancelled" },
      failures: [401, 403, 404, 409],
    },
  },
  "/api/debug/data_page/front-version": {
    post: undefined,
    get: {
      summary: "The front end's build version",
      ok: { status: 200, schema: frontVersionAnswer, description: "The version, compared as a string" },
      failures: [],
    },
  },
};

const failureText: Record<number, string> = {
  400: "The body is not JSON",
  401: "Not signed in, or wrong email or password",
  403: "The address is not verified yet, or the training is locked",
  404: "No such training, module or part, coach, or crew member, invitation or booking of the member's",
  409: "The email address is taken (or already in the crew), the invitation is no longer pending, the slot is no longer free, the member already has a session with this coach, or the session is over or cancelled",
  422: "A field breaks a rule, or a code or password is wrong; messages by field",
  429: "Too many attempts",
};

function jsonSchema(schema: ZodType, io: "input" | "output") {
  const { $schema: _ignored, ...rest } = zodToJsonSchema(schema, {
    target: "jsonSchema2019-09",
    $refStrategy: "none",
    effectStrategy: "input",
    pipeStrategy: io,
  }) as Record<string, unknown>;
  return rest;
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, methods] of Object.entries(operations)) {
    paths[path] = {};
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation) continue;
      const responses: Record<string, unknown> = {
        [operation.ok.status]: {
          description: operation.ok.description,
          content: { "application/json": { schema: jsonSchema(operation.ok.schema, "output") } },
        },
      };
      for (const status of operation.failures) {
        responses[status] = {
          description: failureText[status],
          content: { "application/json": { schema: { $ref: "#/components/schemas/Errors" } } },
        };
      }
      paths[path][method] = {
        summary: operation.summary,
        parameters: [
          ...(operation.path ?? []).map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
          ...(operation.query ?? []).map((q) => ({
            name: q.name,
            in: "query",
            required: q.required ?? false,
            description: q.description,
            schema: { type: "string" },
          })),
          {
            name: "Accept-Language",
            in: "header",
            required: false,
            description: "fr (default) or en",
            schema: { type: "string" },
          },
        ],
        ...(operation.body
          ? {
              requestBody: {
                required: true,
                content: { "application/json": { schema: jsonSchema(operation.body, "input") } },
              },
            }
          : {}),
        ...(operation.signedIn ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
        responses,
      };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Cap API",
      version: "1.0.0",
      description: "The JSON API of Cap (SPEC §7). Errors: { errors: { base: [..], <field>: [..] } }.",
    },
    paths,
    components: {
      schemas: { Errors: jsonSchema(errorAnswer, "output") },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        cookie: { type: "apiKey", in: "cookie", name: "token" },
      },
    },
  };
}
