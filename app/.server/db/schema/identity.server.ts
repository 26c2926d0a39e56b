import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, randomId, sideOf, timestampTz, updatedAt } from "./columns.server";

// ---------------------------------------------------------------------------------------------
// Identity, after Ory Kratos's model: an identity with traits, verifiable addresses, credentials,
// sessions and self-service codes. With ORY_SDK_URL set these live in Kratos instead.
// ---------------------------------------------------------------------------------------------

export type IdentityTraits = { email: string; name: { first: string; last: string } };

export const identities = pgTable("identities", {
  id: randomId(),
  schemaId: text("schema_id").notNull().default("default"),
  state: text("state", { enum: ["active", "inactive"] })
    .notNull()
    .default("active"),
  traits: jsonb("traits").$type<IdentityTraits>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const identityCredentials = pgTable("identity_credentials", {
  identityId: sideOf("identity_id", () => identities.id),
  passwordHash: text("password_hash").notNull(),
  updatedAt: updatedAt(),
});

export const verifiableAddresses = pgTable(
  "identity_verifiable_addresses",
  {
    id: randomId(),
    identityId: belongsTo("identity_id", () => identities.id),
    // Stored lower-cased: one account per email address.
    value: text("value").notNull(),
    via: text("via").notNull().default("email"),
    verified: boolean("verified").notNull().default(false),
    verifiedAt: timestampTz("verified_at"),
    status: text("status", { enum: ["pending", "sent", "completed"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("identity_verifiable_addresses_value_key").on(t.value), index().on(t.identityId)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: randomId(),
    identityId: belongsTo("identity_id", () => identities.id),
    // SHA-256 of the token: a leaked table gives no usable token.
    tokenHash: text("token_hash").notNull(),
    authenticatedAt: timestampTz("authenticated_at").notNull().defaultNow(),
    expiresAt: timestampTz("expires_at").notNull(),
    // The device, as its browser named itself at sign-in (cut to 512 characters), for the
    // member's list of signed-in devices; last seen is refreshed at most every few minutes.
    userAgent: text("user_agent"),
    lastSeenAt: timestampTz("last_seen_at").notNull().defaultNow(),
    // Kratos's authenticator assurance level: aal1 after a password, aal2 once a second factor
    // (a TOTP code or a recovery code) was given on this session.
    aal: text("aal", { enum: ["aal1", "aal2"] })
      .notNull()
      .default("aal1"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index().on(t.identityId)],
);

/**
 * An identity's TOTP pairing (Kratos: the `totp` credential). A pairing being set up has no
 * `confirmedAt` until the member typed a first right code; only a confirmed one is asked at sign-in.
 * `lastStep` is the 30-second step of the last code accepted, so a code is never accepted twice.
 */
export const identityTotp = pgTable("identity_totp", {
  identityId: sideOf("identity_id", () => identities.id),
  secret: text("secret").notNull(),
  confirmedAt: timestampTz("confirmed_at"),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** Single-use recovery codes (Kratos: the `lookup_secret` credential), hashed like passwords. */
export const identityRecoveryCodes = pgTable(
  "identity_recovery_codes",
  {
    id: randomId(),
    identityId: belongsTo("identity_id", () => identities.id),
    codeHash: text("code_hash").notNull(),
    usedAt: timestampTz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.identityId)],
);

export const selfServiceCodes = pgTable(
  "self_service_codes",
  {
    id: randomId(),
    // Null for a recovery asked for an unknown address: the answer must look the same (no leak).
    // No foreign key: under Ory the identity lives in Kratos (the adapters delete these rows).
    identityId: uuid("identity_id"),
    flow: text("flow", { enum: ["recovery", "verification", "email_change"] }).notNull(),
    address: text("address").notNull(),
    codeHash: text("code_hash").notNull(),
    // For the one-click link in the verification email; hashed like the code.
    linkTokenHash: text("link_token_hash"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestampTz("expires_at").notNull(),
    usedAt: timestampTz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.identityId, t.flow)],
);

/**
 * The Kratos flows Cap started (Ory adapter only): a verification flow is found again by its
 * identity when the member types the code, and a recovery flow's wrong codes count against its
 * address's daily limit, as the embedded store's codes do.
 */
export const identityFlows = pgTable(
  "identity_flows",
  {
    flowId: uuid("flow_id").primaryKey(),
    kind: text("kind", { enum: ["recovery", "verification"] }).notNull(),
    identityId: uuid("identity_id"),
    address: text("address").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.identityId, t.kind)],
);
