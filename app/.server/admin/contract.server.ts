import { z } from "zod";
import { refusals } from "~/.server/contract/refusal-table.server";
import { ROLES } from "~/.server/roles/roles.server";
import { pageAnswerFields } from "~/.server/paging/paging.server";
import { MAX_SEARCH_LENGTH, MEMBER_SESSIONS_PAGE_SIZE } from "./members.server";
import { requiredText } from "~/forms/required-text";

/**
 * The operator's forms and refusals (messages are keys of "admin"). The forms are checked on the
 * server only: nothing of zod reaches the back office's pages.
 */
export const memberRefusals = refusals("admin", {
  noMember: { status: 404, field: null, message: "errors.noMember" },
  lastAdmin: { status: 409, field: null, message: "errors.lastAdmin" },
  ownAccount: { status: 409, field: null, message: "errors.ownAccount" },
  noTraining: { status: 422, field: null, message: "errors.noTraining" },
  alreadyVerified: { status: 409, field: null, message: "errors.alreadyVerified" },
  tooManyResends: { status: 429, field: null, message: "errors.tooManyResends" },
  ownDeletion: { status: 409, field: null, message: "errors.ownDeletion" },
  twoFactorOff: { status: 409, field: null, message: "twoFactor.errors.off" },
  ownTwoFactor: { status: 409, field: null, message: "twoFactor.errors.own" },
  coachHasSessions: { status: 409, field: null, message: "coaches.errors.withdrawWithSessions" },
});

/** The operator's coaches: making a member a coach, retiring one. */
export const coachesRefusals = refusals("admin", {
  noMember: { status: 404, field: "email", message: "coaches.errors.noMember" },
  notFound: { status: 404, field: null, message: "coaches.errors.notFound" },
  alreadyRetired: { status: 409, field: null, message: "coaches.errors.alreadyRetired" },
});

export const makeCoachSchema = z.object({
  email: z
    .string({ required_error: "admin:coaches.errors.email" })
    .trim()
    .max(254, "admin:coaches.errors.email")
    // Checked after the bound, so that one message says both.
    .pipe(z.string().email("admin:coaches.errors.email")),
});

export const roleSchema = z.object({ role: z.enum(ROLES, { message: "admin:errors.roleInvalid" }) });

export const trainingSchema = z.object({
  training: z.string({ message: "admin:errors.noTraining" }).max(200, "admin:errors.noTraining"),
});

/** Why an operator turns a member's two-step sign-in off: how they checked who asked (kept in the audit log). */
export const MAX_REASON_LENGTH = 500;

const reason = requiredText(
  "admin:twoFactor.errors.reasonRequired",
  MAX_REASON_LENGTH,
  "admin:twoFactor.errors.reasonTooLong",
);

/** The page's form asks a ticked confirmation too: a button alone is too easy to press by mistake. */
export const twoFactorRemovalSchema = z.object({
  reason,
  confirm: z.literal("yes", { errorMap: () => ({ message: "admin:twoFactor.errors.confirmRequired" }) }),
});

/** A search (members, the audit log's person): bounded, trimmed; over the bound it is refused, not cut. */
export function searchQuery(url: URL, name: string): { ok: true; value: string } | { ok: false } {
  const raw = url.searchParams.get(name) ?? "";
  if (raw.length > MAX_SEARCH_LENGTH) return { ok: false };
  return { ok: true, value: raw.trim() };
}

// --- The admin API's bodies and answers (app/api/admin-*.ts) --------------------------------------

/** A search too long (over MAX_SEARCH_LENGTH), in the API: 422 under the query parameter. */
export const searchRefusals = refusals("admin", {
  searchTooLong: { status: 422, field: "q", message: "errors.searchTooLong" },
  personTooLong: { status: 422, field: "person", message: "errors.searchTooLong" },
});

const roleList = z.array(z.enum(ROLES)).describe("The roles held beyond member");

const memberLineView = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string().nullable().describe("Null when the identity service does not know it (any more)"),
  roles: roleList,
  created_at: z.string().describe("ISO 8601 instant"),
});

export const membersAnswer = z.object({ members: z.array(memberLineView), ...pageAnswerFields });

const sessionView = z.object({
  id: z.string().uuid(),
  coach: z.object({ slug: z.string(), name: z.string() }),
  start: z.string().describe("ISO 8601 instant, UTC"),
  end: z.string(),
  status: z.enum(["upcoming", "held", "cancelled"]),
  cancelled_by: z.enum(["member", "coach"]).nullable(),
});

export const memberAnswer = z.object({
  member: memberLineView.extend({
    lang: z.string(),
    state: z.enum(["active", "inactive"]).describe("inactive: disabled, cannot sign in"),
    verified: z.boolean(),
    two_factor_since: z
      .string()
      .nullable()
      .describe("Since when sign-in asks a second factor (ISO 8601 instant); null: it does not"),
    devices: z.number().int().min(0).describe("Signed-in devices (live sessions)"),
    trainings: z.array(
      z.object({
        slug: z.string(),
        title: z.string(),
        payable: z.boolean(),
        state: z.enum(["locked", "not_started", "in_progress", "completed"]),
        percent: z.number().int().min(0).max(100),
      }),
    ),
    sessions: z
      .object({ upcoming: z.array(sessionView), past: z.array(sessionView), past_total: z.number().int().min(0) })
      .describe(`Every upcoming session, and the ${MEMBER_SESSIONS_PAGE_SIZE} latest past or cancelled ones`),
  }),
});

const change = z.enum(["grant", "withdraw"], { message: "admin:errors.changeInvalid" });

export const roleBody = roleSchema.extend({ change });
export const trainingBody = trainingSchema.extend({ change });
export const stateBody = z.object({
  state: z.enum(["active", "inactive"], { message: "admin:errors.stateInvalid" }),
});

export const twoFactorRemovalBody = z.object({
  reason: reason.describe(
    `How the operator checked who asked (1 to ${MAX_REASON_LENGTH} characters), kept in the audit log`,
  ),
});

export const auditAnswer = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      at: z.string().describe("ISO 8601 instant"),
      actor: z.object({ id: z.string().nullable(), name: z.string().nullable() }).describe("Null id: the command line"),
      subject: z.object({ id: z.string().nullable(), name: z.string() }),
      action: z.string().describe("e.g. role.granted, account.disabled, member.deleted"),
      before: z.record(z.unknown()).nullable(),
      after: z.record(z.unknown()).nullable(),
    }),
  ),
  ...pageAnswerFields,
});
