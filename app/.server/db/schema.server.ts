import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// Identity, after Ory Kratos's model: an identity with traits, verifiable addresses, credentials,
// sessions and self-service codes. With ORY_SDK_URL set these live in Kratos instead.
// ---------------------------------------------------------------------------------------------

export type IdentityTraits = { email: string; name: { first: string; last: string } };

export const identities = pgTable("identities", {
  id: uuid("id").primaryKey().defaultRandom(),
  schemaId: text("schema_id").notNull().default("default"),
  state: text("state", { enum: ["active", "inactive"] }).notNull().default("active"),
  traits: jsonb("traits").$type<IdentityTraits>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const identityCredentials = pgTable("identity_credentials", {
  identityId: uuid("identity_id")
    .primaryKey()
    .references(() => identities.id, { onDelete: "cascade" }),
  passwordHash: text("password_hash").notNull(),
  updatedAt: updatedAt(),
});

export const verifiableAddresses = pgTable(
  "identity_verifiable_addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identityId: uuid("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    // Stored lower-cased: one account per email address.
    value: text("value").notNull(),
    via: text("via").notNull().default("email"),
    verified: boolean("verified").notNull().default(false),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    status: text("status", { enum: ["pending", "sent", "completed"] }).notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("identity_verifiable_addresses_value_key").on(t.value), index().on(t.identityId)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identityId: uuid("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    // SHA-256 of the token: a leaked table gives no usable token.
    tokenHash: text("token_hash").notNull(),
    authenticatedAt: timestamp("authenticated_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index().on(t.identityId)],
);

export const selfServiceCodes = pgTable(
  "self_service_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null for a recovery asked for an unknown address: the answer must look the same (no leak).
    identityId: uuid("identity_id").references(() => identities.id, { onDelete: "cascade" }),
    flow: text("flow", { enum: ["recovery", "verification"] }).notNull(),
    address: text("address").notNull(),
    codeHash: text("code_hash").notNull(),
    // For the one-click link in the verification email; hashed like the code.
    linkTokenHash: text("link_token_hash"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.identityId, t.flow)],
);

// ---------------------------------------------------------------------------------------------
// The product's member record (SPEC §3 "app_user"), one per identity.
// ---------------------------------------------------------------------------------------------

export const appUsers = pgTable(
  "app_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identityId: uuid("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    firstname: text("firstname").notNull(),
    lastname: text("lastname").notNull(),
    birthDate: date("birth_date", { mode: "string" }).notNull(),
    gender: text("gender").notNull().default("female"),
    mobile: text("mobile"),
    lang: text("lang").notNull().default("fr"),
    userType: text("user_type").notNull().default("adventurer"),
    levelOfStudy: text("level_of_study"),
    role: text("role"),
    invitedBy: uuid("invited_by").references((): AnyPgColumn => appUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("app_users_identity_id_key").on(t.identityId)],
);

/** What a visitor typed in the registration form without JavaScript (never the password). */
export const registrationDrafts = pgTable("registration_drafts", {
  id: uuid("id").primaryKey().defaultRandom(),
  data: jsonb("data").$type<Record<string, string>>().notNull(),
  updatedAt: updatedAt(),
});

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
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    status: text("status", { enum: ["pending", "sent"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index().on(t.status, t.nextAttemptAt)],
);
