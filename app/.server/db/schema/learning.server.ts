import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { DraftContent, TrainingContent } from "~/content/training-schema";
import { belongsTo, bytea, createdAt, randomId, timestampTz, updatedAt } from "./columns.server";
import { memberOf } from "./members.server";

// ---------------------------------------------------------------------------------------------
// Learning: trainings and modules seeded from app/content, and each member's progress.
// ---------------------------------------------------------------------------------------------

/** A training as seeded; `content` keeps the whole file (both languages) for the pages. */
export const trainings = pgTable("trainings", {
  id: randomId(),
  slug: text("slug").notNull().unique(),
  kind: text("kind", { enum: ["training", "test"] }).notNull(),
  position: integer("position").notNull(),
  access: text("access", { enum: ["free", "payable"] }).notNull(),
  archived: boolean("archived").notNull().default(false),
  /** The live version's content (a copy of training_versions.content, what members' pages read). */
  content: jsonb("content").$type<TrainingContent>().notNull(),
  /** The hash of the app/content file last seeded into this training (the seed's "unchanged" test). */
  contentHash: text("content_hash").notNull(),
  /** The published version members see. */
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
    id: randomId(),
    trainingId: belongsTo("training_id", () => trainings.id),
    number: integer("number").notNull(),
    content: jsonb("content").$type<TrainingContent>().notNull(),
    /** app_users.id, kept without a foreign key: content outlives its authors' accounts. */
    publishedBy: uuid("published_by"),
    /** What changed from the version before, counted (modules, parts, questions added/removed/changed). */
    summary: jsonb("summary").$type<VersionSummary>().notNull(),
    publishedAt: timestampTz("published_at").notNull().defaultNow(),
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
  authoredAt: timestampTz("authored_at"),
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
    id: randomId(),
    trainingId: belongsTo("training_id", () => trainings.id),
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
    moduleId: belongsTo("module_id", () => trainingModules.id),
    partSlug: text("part_slug").notNull(),
    readAt: timestampTz("read_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.moduleId, t.partSlug] })],
);

/** Every accepted quiz submission, with its answers and score. */
export const quizSubmissions = pgTable(
  "quiz_submissions",
  {
    id: randomId(),
    memberId: memberOf(),
    moduleId: belongsTo("module_id", () => trainingModules.id),
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
    moduleId: belongsTo("module_id", () => trainingModules.id),
    completedAt: timestampTz("completed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.moduleId] })],
);

/**
 * A member's certificate of a completed training: the facts as they were when
 * it was issued, and the unguessable id of its public verification page. Withdrawn, the page says
 * it is no longer valid; a member holds at most one valid certificate per training.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: randomId(),
    /** 192 random bits, URL-safe: the address of the verification page. */
    publicId: text("public_id").notNull(),
    memberId: memberOf(),
    trainingId: belongsTo("training_id", () => trainings.id),
    memberName: text("member_name").notNull(),
    trainingTitle: jsonb("training_title").$type<{ fr: string; en: string }>().notNull(),
    /** The day the last module was completed, in the member's time zone. */
    completedOn: date("completed_on", { mode: "string" }).notNull(),
    issuedAt: timestampTz("issued_at").notNull().defaultNow(),
    withdrawnAt: timestampTz("withdrawn_at"),
  },
  (t) => [
    uniqueIndex("certificates_public_id_key").on(t.publicId),
    uniqueIndex("certificates_one_valid_key").on(t.memberId, t.trainingId).where(sql`withdrawn_at is null`),
  ],
);

/** The right to follow a payable training: from an invitation, a freemium code, a grant or a purchase. */
export const entitlements = pgTable(
  "entitlements",
  {
    memberId: memberOf(),
    trainingId: belongsTo("training_id", () => trainings.id),
    source: text("source", { enum: ["invitation", "code", "grant", "purchase"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.trainingId] })],
);

/** Freemium codes a member can type to unlock a payable training. */
export const accessCodes = pgTable("access_codes", {
  /** Kept upper-case: codes are typed case-insensitively. */
  code: text("code").primaryKey(),
  trainingId: belongsTo("training_id", () => trainings.id),
  expiresAt: timestampTz("expires_at"),
  /** How many members may use the code; null: any number. */
  maxUses: integer("max_uses"),
  /** The operator's own words about the code (who it was made for). */
  note: text("note"),
  /** A disabled code opens nothing; the members it already opened keep their access. */
  disabledAt: timestampTz("disabled_at"),
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
    usedAt: timestampTz("used_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.code, t.memberId] }), index().on(t.memberId)],
);

/**
 * A file an author uploaded for a training: a video (MP4 or WebM, as sent), a poster
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
