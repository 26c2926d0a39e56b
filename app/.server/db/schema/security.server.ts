import { bigint, bigserial, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, randomId, timestampTz } from "./columns.server";
import { memberOf } from "./members.server";

// ---------------------------------------------------------------------------------------------
// Account security: what members are told of, and their "this wasn't me" links.
// ---------------------------------------------------------------------------------------------

/**
 * What happened to a member's account that they should know of: a sign-in from a
 * new device, a password or email change, a second factor added or removed, a lockout. Each is
 * mailed to the member; the profile's security section lists the last ones. The device is named
 * as its browser named itself (cut to 512 characters).
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: memberOf(),
    kind: text("kind").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.memberId, t.createdAt)],
);

/**
 * The "this wasn't me" link of a security notice: one per notice mailed, its token kept as a
 * SHA-256 hash (the outbox holds the plain link until the mail is gone). Usable once, until it
 * expires; using it signs the member out everywhere and starts a password recovery.
 */
export const securityEventReports = pgTable(
  "security_event_reports",
  {
    id: randomId(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => securityEvents.id, { onDelete: "cascade" }),
    memberId: memberOf(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestampTz("expires_at").notNull(),
    usedAt: timestampTz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("security_event_reports_token_hash_key").on(t.tokenHash), index().on(t.memberId)],
);
