import { boolean, date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, sideOf, updatedAt } from "./columns.server";
import { appUsers, memberOf } from "./members.server";

// ---------------------------------------------------------------------------------------------
// Notifications: which mails each member wants, and which were decided.
// ---------------------------------------------------------------------------------------------

/**
 * Which mails a member wants: one switch per kind, and when the weekly digest goes,
 * in their own time zone (day 0 = Sunday … 6; hour 0–23). No row: the defaults below.
 */
export const notificationSettings = pgTable("notification_settings", {
  memberId: sideOf("member_id", () => appUsers.id),
  weeklyDigest: boolean("weekly_digest").notNull().default(true),
  commitmentReminders: boolean("commitment_reminders").notNull().default(false),
  sessionReminders: boolean("session_reminders").notNull().default(true),
  crewNews: boolean("crew_news").notNull().default(false),
  digestDay: integer("digest_day").notNull().default(1),
  digestHour: integer("digest_hour").notNull().default(8),
  updatedAt: updatedAt(),
});

/**
 * One row per member, kind and period once that notification is decided: the weekly
 * digest's week (the Sunday starting it, in the member's zone), a commitment reminder's day. Its
 * primary key is what makes each go once however many workers look and across restarts.
 * `mail_id` null: there was nothing to say, so nothing was sent.
 */
export const notificationRounds = pgTable(
  "notification_rounds",
  {
    memberId: memberOf(),
    kind: text("kind", { enum: ["weeklyDigest", "commitmentReminders"] }).notNull(),
    period: date("period", { mode: "string" }).notNull(),
    mailId: uuid("mail_id"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind, t.period] }), index().on(t.kind, t.period)],
);
