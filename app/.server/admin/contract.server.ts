import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { refusals } from "~/.server/contract/refusal-table.server";
import { ROLES } from "~/.server/roles/roles.server";
import { MAX_SEARCH_LENGTH } from "./members.server";

/**
 * The operator's forms and refusals (messages are keys of "admin"). The forms are checked on the
 * server only: nothing of zod reaches the back office's pages.
 */
export const memberRefusals = refusals("admin", {
  noMember: { status: 404, field: null, message: "errors.noMember" },
  lastAdmin: { status: 409, field: null, message: "errors.lastAdmin" },
  ownAccount: { status: 409, field: null, message: "errors.ownAccount" },
  noTraining: { status: 422, field: null, message: "errors.noTraining" },
  coachHasSessions: { status: 409, field: null, message: "coaches.errors.withdrawWithSessions" },
});

/** The operator's coaches (issue 24 item 8): making a member a coach, retiring one. */
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

const roleSchema = z.object({ role: z.enum(ROLES, { message: "admin:errors.roleInvalid" }) });

export const parseRoleForm = (formData: FormData) => parseWithZod(formData, { schema: roleSchema });

const trainingSchema = z.object({
  training: z.string({ message: "admin:errors.noTraining" }).max(200, "admin:errors.noTraining"),
});

/** A training to grant or withdraw: its slug (whether it exists and is payable, the service says). */
export const parseTrainingForm = (formData: FormData) => parseWithZod(formData, { schema: trainingSchema });

/** A search (members, the audit log's person): bounded, trimmed; over the bound it is refused, not cut. */
export function searchQuery(url: URL, name: string): { ok: true; value: string } | { ok: false } {
  const raw = url.searchParams.get(name) ?? "";
  if (raw.length > MAX_SEARCH_LENGTH) return { ok: false };
  return { ok: true, value: raw.trim() };
}
