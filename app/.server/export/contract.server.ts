import { z } from "zod";
import { refusals } from "~/.server/contract/refusal-table.server";

/**
 * "Download my data" (GDPR art. 15 and 20): the shape of the copy, one for the
 * JSON file of /profile/data.json, GET /api/profile/export and the readable page /profile/data.
 * Ids of other people and every secret (password hash, TOTP secret, recovery-code and token
 * hashes) are left out; what another member gave stays theirs (survey answers come as the member
 * sees them: averages and comments, from three answers on, never who answered what).
 */
const instant = z.string().datetime();
const day = z.string().describe("YYYY-MM-DD");

export const dataExport = z.object({
  format: z.literal("cap-data-export/1"),
  generated_at: instant,
  identity: z.object({
    id: z.string().uuid(),
    state: z.string(),
    email: z.string(),
    name: z.object({ first: z.string(), last: z.string() }),
    addresses: z.array(z.object({ value: z.string(), verified: z.boolean(), verified_at: instant.nullable() })),
    created_at: instant,
    two_factor: z.object({
      enabled: z.boolean(),
      since: instant.nullable().describe("When two-factor sign-in was turned on; never the secret"),
    }),
  }),
  member: z.object({
    id: z.string().uuid(),
    firstname: z.string(),
    lastname: z.string(),
    birth_date: day,
    gender: z.string(),
    mobile: z.string().nullable(),
    lang: z.string(),
    time_zone: z.string().nullable(),
    light_pages: z.boolean().describe("Whether the member chose pages without scripts (light pages)"),
    user_type: z.string(),
    level_of_study: z.string().nullable(),
    role: z.string().nullable(),
    invited: z.boolean().describe("Whether the member joined through another member's invitation"),
    created_at: instant,
    updated_at: instant,
  }),
  photo: z
    .object({
      url: z.string(),
      data_url: z.string().describe("The 256×256 WebP itself, base64: the copy keeps it"),
      uploaded_at: instant,
    })
    .nullable(),
  roles: z.array(z.object({ role: z.string(), since: instant })),
  goals: z.array(
    z.object({ title: z.string(), created_at: instant, updated_at: instant, replaced_at: instant.nullable() }),
  ),
  weather: z.array(z.object({ day, mood: z.string(), created_at: instant })),
  commitments: z.array(
    z.object({
      title: z.string(),
      due_date: day.nullable(),
      done_at: instant.nullable(),
      module: z.string().nullable(),
      repeat_weekdays: z.array(z.number()).nullable().describe("ISO weekdays, Monday 1"),
      repeat_every_days: z.number().nullable(),
      starts_on: day.nullable(),
      done_days: z.array(day),
      created_at: instant,
      updated_at: instant,
    }),
  ),
  commitment_pauses: z.array(
    z.object({ commitment: z.string().nullable(), starts_on: day, ends_on: day, created_at: instant }),
  ),
  life_gps: z.array(
    z.object({ created_at: instant, ratings: z.record(z.object({ score: z.number(), note: z.string() })) }),
  ),
  learning: z.object({
    part_reads: z.array(z.object({ module: z.string(), part: z.string(), read_at: instant })),
    quiz_submissions: z.array(
      z.object({
        module: z.string(),
        answers: z.record(z.array(z.string())),
        score: z.object({ right: z.number(), total: z.number(), skills: z.record(z.number()) }),
        passed: z.boolean(),
        created_at: instant,
      }),
    ),
    module_completions: z.array(z.object({ module: z.string(), completed_at: instant })),
    entitlements: z.array(z.object({ training: z.string(), source: z.string(), created_at: instant })),
    access_codes_used: z.array(z.object({ code: z.string(), used_at: instant })),
    access_codes_created: z.array(z.object({ code: z.string(), training: z.string(), created_at: instant })),
    certificates: z.array(
      z.object({
        training: z.string(),
        name: z.string(),
        completed_on: day,
        verification_url: z.string(),
        issued_at: instant,
        withdrawn_at: instant.nullable(),
      }),
    ),
    payments: z.array(
      z.object({
        training: z.string(),
        amount_cents: z.number(),
        currency: z.string(),
        status: z.string(),
        receipt_number: z.number().nullable(),
        created_at: instant,
        paid_at: instant.nullable(),
        refunded_at: instant.nullable(),
      }),
    ),
  }),
  crew: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      relation: z.string(),
      joined: z.boolean(),
      created_at: instant,
    }),
  ),
  invitations_sent: z.array(
    z.object({ email: z.string(), status: z.string(), last_sent_at: instant, created_at: instant }),
  ),
  invitations_received: z.array(z.object({ from: z.string(), status: z.string(), created_at: instant })),
  surveys: z.array(
    z.object({
      title: z.string(),
      questions: z.array(z.string()),
      sent: z.number().int(),
      answered: z.number().int(),
      closed: z.boolean(),
      results: z
        .array(z.object({ prompt: z.string(), average: z.number(), comments: z.array(z.string()) }))
        .nullable()
        .describe("As the member sees them: once closed, from three answers on, never who answered what"),
      created_at: instant,
    }),
  ),
  coaching_sessions: z.array(
    z.object({
      coach: z.string(),
      starts_at: instant,
      ends_at: instant,
      time_zone: z.string(),
      lang: z.string(),
      meeting_url: z.string(),
      status: z.string(),
      cancelled_at: instant.nullable(),
      cancelled_by: z.string().nullable(),
      created_at: instant,
      preparation: z
        .object({
          topics: z.string(),
          share_goal: z.boolean(),
          share_life_gps: z.boolean(),
          shared_result: z.string().nullable().describe("The slug of the training or test whose result is shared"),
          updated_at: instant,
        })
        .nullable()
        .describe("What the member wrote and chose to show the coach before the session (null: nothing yet)"),
    }),
  ),
  coach_profile: z
    .object({
      name: z.string(),
      email: z.string(),
      bio: z.object({ fr: z.string(), en: z.string() }),
      languages: z.array(z.string()),
      time_zone: z.string(),
      time_off: z.array(z.object({ first_day: day, last_day: day, reason: z.string().nullable() })),
    })
    .nullable()
    .describe("When the member is a coach: the profile they signed in to (their members' sessions stay theirs)"),
  devices: z.array(
    z.object({ user_agent: z.string().nullable(), signed_in_at: instant, last_seen_at: instant, current: z.boolean() }),
  ),
  security_events: z.array(
    z.object({ kind: z.string(), user_agent: z.string().nullable(), ip: z.string().nullable(), created_at: instant }),
  ),
  codes_sent: z
    .array(z.object({ flow: z.string(), address: z.string(), created_at: instant, used_at: instant.nullable() }))
    .describe("Verification, recovery and email-change codes mailed to the member (never the code)"),
  account_history: z
    .array(
      z.object({
        action: z.string(),
        by: z.enum(["administrator", "operator"]).describe("operator: the command line or ADMIN_EMAILS"),
        before: z.record(z.unknown()).nullable(),
        after: z.record(z.unknown()).nullable(),
        created_at: instant,
      }),
    )
    .describe("What the people who run Cap changed on the account"),
});

export type DataExport = z.infer<typeof dataExport>;

/**
 * A copy is a whole read of the member's records: 5 an hour per member, pages and API together.
 * Its size is bounded by the limits on each kind of record (one photo of a few kB, paged lists
 * whose creation is itself rate-limited), so it is built in memory.
 */
export const EXPORT_LIMIT = { bucket: "data-export", max: 5, windowMs: 60 * 60 * 1000 } as const;

/** Headers of every answer refusing a copy: try again once the hour's window has passed. */
export const refusedHeaders = { "Retry-After": String(EXPORT_LIMIT.windowMs / 1000), "Cache-Control": "no-store" };

export const exportRefusals = refusals("profile", {
  tooManyExports: { status: 429, field: null, message: "errors.tooManyExports" },
});
