import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, bigserial, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, randomId, timestampTz } from "./columns.server";
import { appUsers } from "./members.server";

// ---------------------------------------------------------------------------------------------
// Infrastructure shared by every app instance: rate-limit events and the mail outbox.
// ---------------------------------------------------------------------------------------------

export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.bucket, t.key, t.createdAt)],
);

export type MailAttachment = { filename: string; contentType: string; content: string };

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: randomId(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    // What the message was rendered from, so that the sender renders it again when the recipient's
    // language changed before it went (a reminder queued days ahead). Null: sent as rendered.
    template: text("template"),
    vars: jsonb("vars").$type<Record<string, unknown>>(),
    lang: text("lang"),
    // "sending": leased by `lease_owner` until `next_attempt_at` (renewed while it sends); a lease
    // that ran out (its sender died) is taken over. Only the owner marks it sent or failed.
    status: text("status", { enum: ["pending", "sending", "sent"] })
      .notNull()
      .default("pending"),
    leaseOwner: text("lease_owner"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestampTz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestampTz("sent_at"),
    // A member's notification (a reminder, the weekly digest; null: a transactional message): the
    // sender drops it if the member switched its kind off meanwhile, and sends List-Unsubscribe
    // headers with `unsubscribe_url`.
    memberId: uuid("member_id").references((): AnyPgColumn => appUsers.id, { onDelete: "cascade" }),
    notificationKind: text("notification_kind"),
    unsubscribeUrl: text("unsubscribe_url"),
  },
  (t) => [index().on(t.status, t.nextAttemptAt)],
);

/**
 * The versions the render cache keys the member pages it keeps on (migration 0029): a member's
 * own, raised when a transaction that wrote that member's rows commits, and each shared subject's
 * (the catalogue, the coaches, the legal pages, one coach's bookings, "everything"). The triggers
 * that raise them are the migration's; no code of Cap's writes these tables.
 */
export const memberVersions = pgTable("member_versions", {
  memberId: uuid("member_id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

export const subjectVersions = pgTable("subject_versions", {
  subject: text("subject").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});
