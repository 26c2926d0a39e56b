import { bigserial, index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ROLES } from "~/forms/roles";
import { createdAt } from "./columns.server";
import { memberOf } from "./members.server";

// ---------------------------------------------------------------------------------------------
// The people who run Cap: roles and the back office's audit log.
// ---------------------------------------------------------------------------------------------

/** A role beyond `member` (which everyone is, and is not stored): one row per member and role. */
export const memberRoles = pgTable(
  "member_roles",
  {
    memberId: memberOf(),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.role] }), index().on(t.role)],
);

/**
 * Every back-office change, written in the transaction of the change: who (null: the command line
 * or ADMIN_EMAILS), on whom, what, and the record before and after. A deleted member's entries
 * stay, their ids kept as they were (no foreign key) and their name in `subjectName`.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id"),
    subjectId: uuid("subject_id"),
    subjectName: text("subject_name").notNull(),
    action: text("action").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt), index().on(t.actorId), index().on(t.subjectId)],
);
