import { boolean, foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.server";
import { memberOf } from "./members.server";

// ---------------------------------------------------------------------------------------------
// The pages French law asks for: their versions, what members accepted, the publisher's details.
// ---------------------------------------------------------------------------------------------

/**
 * One publication of a legal page, in both languages: a page's versions are numbered from 1 and
 * never changed; the highest is the page in force. `publishedBy` is null for the first-run text
 * (and, like the audit log, no foreign key: a deleted admin's versions stay).
 */
export const legalVersions = pgTable(
  "legal_versions",
  {
    page: text("page").notNull(),
    number: integer("number").notNull(),
    bodyFr: text("body_fr").notNull(),
    bodyEn: text("body_en").notNull(),
    publishedBy: uuid("published_by"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.page, t.number] })],
);

/** The version of each page a member accepted, and when (on registering). */
export const legalAcceptances = pgTable(
  "legal_acceptances",
  {
    memberId: memberOf(),
    page: text("page").notNull(),
    number: integer("number").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.page, t.number] }),
    foreignKey({ columns: [t.page, t.number], foreignColumns: [legalVersions.page, legalVersions.number] }),
  ],
);

/** The publisher's details (legal/publisher.server.ts), one row once an admin saved them. */
export const legalPublisher = pgTable("legal_publisher", {
  id: boolean("id").primaryKey().default(true),
  details: jsonb("details").$type<Record<string, string>>().notNull(),
  updatedAt: updatedAt(),
});
