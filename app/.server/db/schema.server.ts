import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { DraftContent, TrainingContent } from "~/content/training-schema";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** The member a row belongs to: it goes when their account does. */
const memberOf = () =>
  uuid("member_id")
    .notNull()
    .references(() => appUsers.id, { onDelete: "cascade" });

// ---------------------------------------------------------------------------------------------
// Identity, after Ory Kratos's model: an identity with traits, verifiable addresses, credentials,
// sessions and self-service codes. With ORY_SDK_URL set these live in Kratos instead.
// ---------------------------------------------------------------------------------------------

export type IdentityTraits = { email: string; name: { first: string; last: string } };

export const identities = pgTable("identities", {
  id: uuid("id").primaryKey().defaultRandom(),
  schemaId: text("schema_id").notNull().default("default"),
  state: text("state", { enum: ["active", "inactive"] })
    .notNull()
    .default("active"),
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
    id: uuid("id").primaryKey().defaultRandom(),
    identityId: uuid("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    // SHA-256 of the token: a leaked table gives no usable token.
    tokenHash: text("token_hash").notNull(),
    authenticatedAt: timestamp("authenticated_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // The device, as its browser named itself at sign-in (cut to 512 characters), for the
    // member's list of signed-in devices; last seen is refreshed at most every few minutes.
    userAgent: text("user_agent"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
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
  identityId: uuid("identity_id")
    .primaryKey()
    .references(() => identities.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** Single-use recovery codes (Kratos: the `lookup_secret` credential), hashed like passwords. */
export const identityRecoveryCodes = pgTable(
  "identity_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identityId: uuid("identity_id")
      .notNull()
      .references(() => identities.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.identityId)],
);

export const selfServiceCodes = pgTable(
  "self_service_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null for a recovery asked for an unknown address: the answer must look the same (no leak).
    // No foreign key: under Ory the identity lives in Kratos (the adapters delete these rows).
    identityId: uuid("identity_id"),
    flow: text("flow", { enum: ["recovery", "verification", "email_change"] }).notNull(),
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

// ---------------------------------------------------------------------------------------------
// The product's member record (SPEC §3 "app_user"), one per identity.
// ---------------------------------------------------------------------------------------------

export const appUsers = pgTable(
  "app_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The identity's id in the identity service: a reference, not a foreign key, since under Ory
    // the identity lives in Kratos. Deleting an identity deletes this row explicitly.
    identityId: uuid("identity_id").notNull(),
    firstname: text("firstname").notNull(),
    lastname: text("lastname").notNull(),
    birthDate: date("birth_date", { mode: "string" }).notNull(),
    gender: text("gender").notNull().default("female"),
    mobile: text("mobile"),
    lang: text("lang").notNull().default("fr"),
    /** The IANA zone the member chose (or their browser's, guessed once); null: none yet, Europe/Paris. */
    timeZone: text("time_zone"),
    userType: text("user_type").notNull().default("adventurer"),
    levelOfStudy: text("level_of_study"),
    role: text("role"),
    invitedBy: uuid("invited_by").references((): AnyPgColumn => appUsers.id, { onDelete: "set null" }),
    /**
     * When the member turned two-factor sign-in on (null: off). Cap's own record whatever adapter
     * holds the TOTP secret, so the guard knows without asking the identity service again.
     */
    twoFactorSince: timestamp("two_factor_since", { withTimezone: true }),
    /** "Light pages" (issue 27): the member's pages come without any script, on every device. */
    lightPages: boolean("light_pages").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("app_users_identity_id_key").on(t.identityId)],
);

/** Raw bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both answer a Buffer here. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A member's profile photo (issue 15, item 6), re-encoded to a small WebP. `photoId` is random and
 * new at each upload: the photo's URL, which caches keep for good and the coach's page can show.
 */
export const memberPhotos = pgTable(
  "member_photos",
  {
    memberId: uuid("member_id")
      .primaryKey()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    photoId: uuid("photo_id").notNull(),
    webp: bytea("webp").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("member_photos_photo_id_key").on(t.photoId)],
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
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
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
 * Which mails a member wants (issue 28): one switch per kind, and when the weekly digest goes,
 * in their own time zone (day 0 = Sunday … 6; hour 0–23). No row: the defaults below.
 */
export const notificationSettings = pgTable("notification_settings", {
  memberId: uuid("member_id")
    .primaryKey()
    .references(() => appUsers.id, { onDelete: "cascade" }),
  weeklyDigest: boolean("weekly_digest").notNull().default(true),
  commitmentReminders: boolean("commitment_reminders").notNull().default(false),
  sessionReminders: boolean("session_reminders").notNull().default(true),
  crewNews: boolean("crew_news").notNull().default(false),
  digestDay: integer("digest_day").notNull().default(1),
  digestHour: integer("digest_hour").notNull().default(8),
  updatedAt: updatedAt(),
});

/**
 * One row per member, kind and period once that notification is decided (issue 28): the weekly
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

// ---------------------------------------------------------------------------------------------
// Learning: trainings and modules seeded from app/content, and each member's progress.
// ---------------------------------------------------------------------------------------------

/** A training as seeded; `content` keeps the whole file (both languages) for the pages. */
export const trainings = pgTable("trainings", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  kind: text("kind", { enum: ["training", "test"] }).notNull(),
  position: integer("position").notNull(),
  access: text("access", { enum: ["free", "payable"] }).notNull(),
  archived: boolean("archived").notNull().default(false),
  /** The live version's content (a copy of training_versions.content, what members' pages read). */
  content: jsonb("content").$type<TrainingContent>().notNull(),
  /** The hash of the app/content file last seeded into this training (the seed's "unchanged" test). */
  contentHash: text("content_hash").notNull(),
  /** The published version members see (issue 26). */
  versionId: uuid("version_id").references((): AnyPgColumn => trainingVersions.id),
  updatedAt: updatedAt(),
});

/**
 * Each published version of a training, kept for good: members' answers point at the version they
 * saw, and an author can publish an earlier one again. `publishedBy` null: the seed published it.
 */
export const trainingVersions = pgTable(
  "training_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    trainingId: uuid("training_id")
      .notNull()
      .references((): AnyPgColumn => trainings.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    content: jsonb("content").$type<TrainingContent>().notNull(),
    /** app_users.id, kept without a foreign key: content outlives its authors' accounts. */
    publishedBy: uuid("published_by"),
    /** What changed from the version before, counted (modules, parts, questions added/removed/changed). */
    summary: jsonb("summary").$type<VersionSummary>().notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("training_versions_training_number_key").on(t.trainingId, t.number)],
);

/** A version's changes from the one before, counted per kind of thing; `revertedTo`: it republished that number. */
export type VersionSummary = {
  added: { modules: number; parts: number; questions: number };
  removed: { modules: number; parts: number; questions: number };
  changed: { modules: number; parts: number; questions: number; training: boolean };
  revertedTo?: number;
};

/**
 * An author's working copy of a training: every change lands here until it is published. A
 * training written in the browser has a draft before it has a `trainings` row (keyed by slug).
 */
export const trainingDrafts = pgTable("training_drafts", {
  slug: text("slug").primaryKey(),
  content: jsonb("content").$type<DraftContent>().notNull(),
  /**
   * Bumped by every save and publish. A form carries the revision it was read at; a save from an
   * older one is refused, so two authors never silently overwrite each other.
   */
  revision: integer("revision").notNull().default(1),
  /** app_users.id, kept without a foreign key: content outlives its authors' accounts. */
  updatedBy: uuid("updated_by"),
  /** When an author first changed it in the browser: from then on a re-seed leaves it alone. */
  authoredAt: timestamp("authored_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One row, bumped in the transaction that publishes or seeds content: every worker and instance
 * compares it with the generation of its cached catalogue (catalogue.server.ts).
 */
export const contentGeneration = pgTable("content_generation", {
  id: integer("id").primaryKey().default(1),
  generation: bigint("generation", { mode: "number" }).notNull().default(1),
});

export const trainingModules = pgTable(
  "training_modules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    trainingId: uuid("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    position: integer("position").notNull(),
    // A module removed from the content is retired, not deleted: members' progress stays.
    retired: boolean("retired").notNull().default(false),
  },
  (t) => [uniqueIndex("training_modules_training_slug_key").on(t.trainingId, t.slug)],
);

/** "I've read": one row per member and part. */
export const partReads = pgTable(
  "part_reads",
  {
    memberId: memberOf(),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => trainingModules.id, { onDelete: "cascade" }),
    partSlug: text("part_slug").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.moduleId, t.partSlug] })],
);

/** Every accepted quiz submission, with its answers and score. */
export const quizSubmissions = pgTable(
  "quiz_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: memberOf(),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => trainingModules.id, { onDelete: "cascade" }),
    /** The version the member answered: their result page shows its questions, whatever came after. */
    versionId: uuid("version_id").references(() => trainingVersions.id),
    answers: jsonb("answers").$type<Record<string, string[]>>().notNull(),
    /** Graded quizzes: right questions out of total. Tests: points per skill (0–100). */
    score: jsonb("score").$type<QuizScore>().notNull(),
    passed: boolean("passed").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.memberId, t.moduleId)],
);

export type QuizScore = { right: number; total: number; skills: Record<string, number> };

export const moduleCompletions = pgTable(
  "module_completions",
  {
    memberId: memberOf(),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => trainingModules.id, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.moduleId] })],
);

/**
 * A member's certificate of a completed training (issue 28 item 2): the facts as they were when
 * it was issued, and the unguessable id of its public verification page. Withdrawn, the page says
 * it is no longer valid; a member holds at most one valid certificate per training.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 192 random bits, URL-safe: the address of the verification page. */
    publicId: text("public_id").notNull(),
    memberId: memberOf(),
    trainingId: uuid("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    memberName: text("member_name").notNull(),
    trainingTitle: jsonb("training_title").$type<{ fr: string; en: string }>().notNull(),
    /** The day the last module was completed, in the member's time zone. */
    completedOn: date("completed_on", { mode: "string" }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("certificates_public_id_key").on(t.publicId),
    uniqueIndex("certificates_one_valid_key").on(t.memberId, t.trainingId).where(sql`withdrawn_at is null`),
  ],
);

/** The right to follow a payable training: from an invitation, a freemium code, or a grant. */
export const entitlements = pgTable(
  "entitlements",
  {
    memberId: memberOf(),
    trainingId: uuid("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    source: text("source", { enum: ["invitation", "code", "grant"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.trainingId] })],
);

/** Freemium codes a member can type to unlock a payable training. */
export const accessCodes = pgTable("access_codes", {
  /** Kept upper-case: codes are typed case-insensitively. */
  code: text("code").primaryKey(),
  trainingId: uuid("training_id")
    .notNull()
    .references(() => trainings.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  /** How many members may use the code; null: any number. */
  maxUses: integer("max_uses"),
  /** The operator's own words about the code (who it was made for). */
  note: text("note"),
  /** A disabled code opens nothing; the members it already opened keep their access. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  /** The admin who created it (null: the first-run seed). */
  createdBy: uuid("created_by"),
  createdAt: createdAt(),
});

/** Who used which access code, and when: one use per member and code. */
export const accessCodeUses = pgTable(
  "access_code_uses",
  {
    code: text("code")
      .notNull()
      .references(() => accessCodes.code, { onDelete: "cascade" }),
    memberId: memberOf(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.code, t.memberId] }), index().on(t.memberId)],
);

// ---------------------------------------------------------------------------------------------
// Member space: main goal, interior weather, commitments, life GPS, crew, invitations, surveys.
// ---------------------------------------------------------------------------------------------

/** The main goal; the current one has no replaced_at, earlier ones are the history. */
export const mainGoals = pgTable(
  "main_goals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: memberOf(),
    title: text("title").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (t) => [index().on(t.memberId, t.createdAt)],
);

/** The daily "interior weather" check-in: top or not top, one per member and day. */
export const weatherCheckins = pgTable(
  "weather_checkins",
  {
    memberId: memberOf(),
    day: date("day", { mode: "string" }).notNull(),
    mood: text("mood", { enum: ["top", "not_top"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day] })],
);

export const commitments = pgTable(
  "commitments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: memberOf(),
    title: text("title").notNull(),
    dueDate: date("due_date", { mode: "string" }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    moduleId: uuid("module_id").references(() => trainingModules.id, { onDelete: "set null" }),
    /**
     * A recurring commitment (issue 28 §6) has one of these two rules, from `startsOn`: the ISO
     * weekdays it falls on as bits (Monday 1, Tuesday 2, … Sunday 64), or every N days. Both
     * null: a one-off commitment, with its due date and doneAt. A check keeps them exclusive.
     */
    repeatWeekdays: smallint("repeat_weekdays"),
    repeatEveryDays: smallint("repeat_every_days"),
    startsOn: date("starts_on", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.memberId, t.dueDate)],
);

/** A day a recurring commitment fell on and that the member marked done (no row: not done). */
export const commitmentOccurrences = pgTable(
  "commitment_occurrences",
  {
    commitmentId: uuid("commitment_id")
      .notNull()
      .references(() => commitments.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commitmentId, t.day] })],
);

/**
 * Days off (holidays, illness), both ends included, in the member's own days: of one commitment,
 * or of all of them when `commitmentId` is null. A paused day is neither late nor held against
 * the member's streak.
 */
export const commitmentPauses = pgTable(
  "commitment_pauses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: memberOf(),
    commitmentId: uuid("commitment_id").references(() => commitments.id, { onDelete: "cascade" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.memberId, t.endsOn)],
);

export type LifeGpsRatings = Record<string, { score: number; note: string }>;

/** One filling of the life-GPS exercise: each life area rated 0–10 with a note. */
export const lifeGpsEntries = pgTable(
  "life_gps_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: memberOf(),
    ratings: jsonb("ratings").$type<LifeGpsRatings>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.memberId, t.createdAt)],
);

/** A person in the member's crew; `joinedMemberId` once they registered through the invitation. */
export const crewMembers = pgTable(
  "crew_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: memberOf(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    relation: text("relation").notNull(),
    joinedMemberId: uuid("joined_member_id").references(() => appUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("crew_members_member_email_key").on(t.memberId, t.email)],
);

/** An invitation to join Cap; its id is the invited_id of the registration link. */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inviterId: uuid("inviter_id")
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    crewMemberId: uuid("crew_member_id").references(() => crewMembers.id, { onDelete: "set null" }),
    status: text("status", { enum: ["pending", "accepted", "declined", "revoked"] })
      .notNull()
      .default("pending"),
    inviteeId: uuid("invitee_id").references(() => appUsers.id, { onDelete: "set null" }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.inviterId), index().on(t.email)],
);

export type SurveyQuestion = { id: string; prompt: string };

/** A 360 survey the member sends to crew members ("how do you see me"). */
export const surveys = pgTable("surveys", {
  id: uuid("id").primaryKey().defaultRandom(),
  memberId: memberOf(),
  title: text("title").notNull(),
  questions: jsonb("questions").$type<SurveyQuestion[]>().notNull(),
  createdAt: createdAt(),
  /** Closed by the member or once everyone answered: results show only then, and never change. */
  closedAt: timestamp("closed_at", { withTimezone: true }),
});

/** One crew member's private link to a survey (only the token's hash is kept). */
export const surveyRequests = pgTable(
  "survey_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    surveyId: uuid("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    crewMemberId: uuid("crew_member_id").references(() => crewMembers.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("survey_requests_token_hash_key").on(t.tokenHash)],
);

/** Answers, kept apart from who gave them: results are shown anonymously, from 3 answers on. */
export const surveyAnswers = pgTable(
  "survey_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    surveyId: uuid("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    answers: jsonb("answers").$type<Record<string, { score: number; comment: string }>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.surveyId)],
);

// ---------------------------------------------------------------------------------------------
// Coaching: coaches (first seeded from app/content/coaches.json, then run in the back office) and members' discovery sessions.
// ---------------------------------------------------------------------------------------------

export type CoachWeekly = Partial<Record<"sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat", [string, string][]>>;

export const coaches = pgTable("coaches", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  position: integer("position").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  photo: text("photo").notNull(),
  bio: jsonb("bio").$type<{ fr: string; en: string }>().notNull(),
  languages: jsonb("languages").$type<string[]>().notNull(),
  timeZone: text("time_zone").notNull(),
  weekly: jsonb("weekly").$type<CoachWeekly>().notNull(),
  sessionMinutes: integer("session_minutes").notNull(),
  bufferMinutes: integer("buffer_minutes").notNull(),
  /** Hours before a session a member may still book it. */
  minNoticeHours: integer("min_notice_hours").notNull().default(12),
  /** How many days ahead members may book. */
  horizonDays: integer("horizon_days").notNull().default(60),
  /** Hours before a session its member may still move or cancel it themselves (issue 28 item 7), 0 to 168. */
  changeNoticeHours: integer("change_notice_hours").notNull().default(24),
  /** The coach's own meeting-room URL template (else the platform's MEETING_URL_TEMPLATE). */
  meetingUrlTemplate: text("meeting_url_template"),
  /** The member account the coach signs in with (null: a coach reached only by the private link). */
  memberId: uuid("member_id")
    .unique()
    .references(() => appUsers.id, { onDelete: "set null" }),
  // A retired coach takes no new booking; their sessions stay.
  retired: boolean("retired").notNull().default(false),
  /** Hash of the seed entry it came from (null: made in the back office). The seed never overwrites a coach. */
  contentHash: text("content_hash"),
  updatedAt: updatedAt(),
  /** The agenda link's generation (not in the content file, so a re-seed keeps it): renewing adds one. */
  agendaGeneration: integer("agenda_generation").notNull().default(0),
});

/**
 * A coach's photo uploaded for their public profile (issue 24 item 6), made by the member photo's
 * pipeline (a 256×256 WebP) and served by /photos/<photo id>.webp like a member's; one per coach.
 */
export const coachPhotos = pgTable(
  "coach_photos",
  {
    coachId: uuid("coach_id")
      .primaryKey()
      .references(() => coaches.id, { onDelete: "cascade" }),
    photoId: uuid("photo_id").notNull(),
    webp: bytea("webp").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("coach_photos_photo_id_key").on(t.photoId)],
);

/** A coach's time off: whole days in the coach's zone, and the instants they cover, which no session may touch. */
export const coachTimeOff = pgTable(
  "coach_time_off",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    coachId: uuid("coach_id")
      .notNull()
      .references(() => coaches.id, { onDelete: "cascade" }),
    firstDay: date("first_day", { mode: "string" }).notNull(),
    lastDay: date("last_day", { mode: "string" }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.coachId, t.startsAt)],
);

/**
 * A discovery session. `blocked_until` is the end plus the coach's buffer: the migration adds an
 * exclusion constraint so that two confirmed sessions of one coach can never overlap, whatever
 * the timing of the requests.
 */
export const coachingBookings = pgTable(
  "coaching_bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: memberOf(),
    coachId: uuid("coach_id")
      .notNull()
      .references(() => coaches.id, { onDelete: "restrict" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
    /** The member's time zone when booking: emails and the calendar show the session in it. */
    timeZone: text("time_zone").notNull(),
    /** The member's language when booking: the emails sent later (reminder, coach's cancellation) use it. */
    lang: text("lang", { enum: ["fr", "en"] })
      .notNull()
      .default("fr"),
    meetingUrl: text("meeting_url").notNull(),
    status: text("status", { enum: ["confirmed", "cancelled"] })
      .notNull()
      .default("confirmed"),
    /** The iCalendar SEQUENCE: +1 at each reschedule or cancellation. */
    sequence: integer("sequence").notNull().default(0),
    /** Hash of the token in the coach's cancel link (coaches have no account). */
    coachTokenHash: text("coach_token_hash").notNull(),
    /** The reminders waiting in the mail outbox (member's and coach's), withdrawn when the session moves. */
    reminderMailIds: jsonb("reminder_mail_ids").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Where the member booked from (a module page), to lead them back. */
    fromPath: text("from_path"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by", { enum: ["member", "coach"] }),
    /** Marked by the coach once the session has started (issue 28 item 8); null: not yet. */
    attendance: text("attendance", { enum: ["attended", "missed"] }),
    attendanceMarkedAt: timestamp("attendance_marked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.memberId, t.startsAt),
    index().on(t.coachId, t.startsAt),
    uniqueIndex("coaching_bookings_coach_token_key").on(t.coachTokenHash),
  ],
);

/**
 * "Tell me if an earlier time frees up" (issue 28 item 9): the member's session waits for an
 * earlier free time with its coach. One row per session; removed when the session is cancelled or
 * moved, and ignored once it has passed. Each time freed with that coach mails the waiting members
 * whose session is later (coaching/earlier-time-offers.server.ts).
 */
export const coachingEarlierTimeWaits = pgTable("coaching_earlier_time_waits", {
  bookingId: uuid("booking_id")
    .primaryKey()
    .references(() => coachingBookings.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * Before a session (issue 28 item 10): what the member wants to talk about, and what they let the
 * session's coach see — their main goal, their last life GPS, one training or test result (its
 * slug). One row per booking; nothing is shared until the member says so.
 */
export const coachingSessionPreps = pgTable("coaching_session_preps", {
  bookingId: uuid("booking_id")
    .primaryKey()
    .references(() => coachingBookings.id, { onDelete: "cascade" }),
  topics: text("topics").notNull().default(""),
  shareGoal: boolean("share_goal").notNull().default(false),
  shareLifeGps: boolean("share_life_gps").notNull().default(false),
  sharedResult: text("shared_result"),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// The people who run Cap (issue 24): roles and the back office's audit log.
// ---------------------------------------------------------------------------------------------

/** A role beyond `member` (which everyone is, and is not stored): one row per member and role. */
export const memberRoles = pgTable(
  "member_roles",
  {
    memberId: memberOf(),
    role: text("role", { enum: ["coach", "admin", "author"] }).notNull(),
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

/**
 * What happened to a member's account that they should know of (issue 25 item 6): a sign-in from a
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
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => securityEvents.id, { onDelete: "cascade" }),
    memberId: memberOf(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("security_event_reports_token_hash_key").on(t.tokenHash), index().on(t.memberId)],
);

/**
 * A file an author uploaded for a training (issue 26): a video (MP4 or WebM, as sent), a poster
 * (re-encoded to WebP by the image pipeline) or captions (WebVTT, written back in normal form).
 * Served at /uploads/<id>.<ext>. The id is the SHA-256 of the bytes kept: the same file uploaded
 * twice is one row, and an id's answer never changes (cached for good). Kept when a draft stops
 * naming it: a published version or a member's history may still.
 */
export const uploads = pgTable("uploads", {
  id: text("id").primaryKey(),
  /** The extension its URL ends with: mp4, webm, webp or vtt. */
  ext: text("ext").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  sha256: text("sha256").notNull(),
  bytes: bytea("bytes").notNull(),
  /** app_users.id, kept without a foreign key: content outlives its authors' accounts. */
  uploadedBy: uuid("uploaded_by"),
  createdAt: createdAt(),
});

/**
 * The database's data version: one row, raised when any transaction that wrote to another table
 * commits (triggers of migration 0027). The render cache keys the pages it keeps on it.
 */
export const dataVersion = pgTable("data_version", {
  id: boolean("id").primaryKey().default(true),
  version: bigint("version", { mode: "number" }).notNull(),
});
