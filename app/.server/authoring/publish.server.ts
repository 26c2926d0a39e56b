import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordChange } from "~/.server/audit/audit-log.server";
import { db, type Executor } from "~/.server/db/client.server";
import { appUsers, trainingDrafts, trainingVersions, trainings, type VersionSummary } from "~/.server/db/schema.server";
import type { TFunction } from "~/i18n/translate";
import { forgetCatalogue } from "~/.server/trainings/catalogue.server";
import { lockDraftAt } from "./drafts.server";
import { asFile, contentProblems } from "~/.server/trainings/training-file.server";
import { publishContent, summarise } from "~/.server/trainings/versions.server";
import type { PublishRefusal } from "./contract.server";
import { revisionField } from "./training-meta.server";
import {
  type DraftContent,
  publishableContent,
  trainingBounds,
  trainingContent,
  type TrainingContent,
  type TrainingFile,
} from "~/content/training-schema";
import type { Language } from "~/i18n/config";

/**
 * Publishing a draft and going back to an earlier version. Publishing is
 * one transaction: the draft row locked, its revision checked (the author publishes what they saw),
 * the draft checked with the complete schema, the next version written and made live, the draft's
 * revision moved on and the change audited. Members see it at once (content generation).
 */

/** One thing the draft still lacks, in words: where it is and what is missing. */
export type Missing = { path: string; where: string; message: string };

export type PublishCheck = {
  /** Nothing missing: the draft may be published. */
  complete: boolean;
  missing: Missing[];
  /** What publishing would change from the live version (null: nothing live yet). */
  summary: VersionSummary;
  firstPublish: boolean;
  /** The draft equals the live version: publishing would change nothing. */
  unchanged: boolean;
};

/** The draft checked with the complete schema, and what publishing it would change. */
export async function publishCheck(
  draft: { slug: string; content: DraftContent; unpublishedChanges: boolean },
  lang: Language,
  t: TFunction,
): Promise<PublishCheck> {
  const parsed = publishableContent.safeParse(draft.content);
  const missing = parsed.success
    ? []
    : contentProblems(parsed.error.issues, draft.content, lang).map((problem) => ({
        ...problem,
        where: placeOf(problem.path, draft.content, lang, t),
      }));
  const live = await liveContent(draft.slug);
  return {
    complete: parsed.success,
    missing,
    // A draft has the shape of a training: counting what changed needs only its keys.
    summary: summarise(live, draft.content as TrainingContent),
    firstPublish: live === null,
    unchanged: live !== null && !draft.unpublishedChanges,
  };
}

async function liveContent(slug: string): Promise<TrainingContent | null> {
  const [row] = await db()
    .select({ content: trainingVersions.content })
    .from(trainings)
    .innerJoin(trainingVersions, eq(trainingVersions.id, trainings.versionId))
    .where(eq(trainings.slug, slug));
  return row?.content ?? null;
}

const namedFields = [
  "title",
  "summary",
  "body",
  "prompt",
  "label",
  "description",
  "transcript",
  "captions",
  "src",
  "poster",
  "video",
  "quiz",
  "passPercent",
  "hours",
  "modules",
  "parts",
  "questions",
  "answers",
  "skills",
  "profiles",
] as const;

/**
 * A JSON path as an author reads it: `modules[1].parts[0].title.en` → "Module 2 « Welcome » › Part
 * 1 › Title › in English".
 */
export function placeOf(path: string, content: DraftContent, lang: Language, t: TFunction): string {
  const steps = [...path.matchAll(/([A-Za-z_$][\w$-]*)|\[(\d+)\]/g)].map((m) => m[1] ?? Number(m[2]));
  const words: string[] = [];
  let node: unknown = content;
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index];
    const next = steps[index + 1];
    if (typeof step === "string" && typeof next === "number" && isList(step)) {
      const item = (node as Record<string, unknown[]> | undefined)?.[step]?.[next] as
        | { title?: Record<Language, string>; label?: Record<Language, string> }
        | undefined;
      const name = (item?.title ?? item?.label)?.[lang];
      const place = t(`publish.where.${step}`, { number: next + 1 });
      words.push(name ? t("publish.where.named", { place, name: name.slice(0, 60) }) : place);
      node = item;
      index += 1;
      continue;
    }
    if (step === "fr" || step === "en") words.push(t(`publish.where.languages.${step}`));
    else if (typeof step === "string" && (namedFields as readonly string[]).includes(step))
      words.push(t(`publish.where.fields.${step}`));
    else if (typeof step === "string") words.push(step.slice(0, 40));
    node = typeof step === "string" ? (node as Record<string, unknown> | undefined)?.[step] : undefined;
  }
  return words.length ? words.join(" › ") : t("publish.where.training");
}

const lists = ["modules", "parts", "questions", "answers", "skills", "profiles"] as const;
const isList = (step: string): step is (typeof lists)[number] => (lists as readonly string[]).includes(step);

export type PublishOutcome =
  | { ok: true; number: number }
  | { ok: false; error: Exclude<PublishRefusal, "incomplete"> }
  | { ok: false; error: "incomplete" };

type Author = { revision: number; authorId: string };

/** The publish form: the draft's revision the author saw. */
export const publishSchema = z.object({ revision: revisionField });

/** Publishing an earlier version again: the draft's revision the author saw and the version's number. */
export const republishSchema = z.object({
  revision: revisionField,
  number: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** The draft `slug` as it was at `revision` becomes the training's next version, live at once. */
export function publishDraft(slug: string, author: Author): Promise<PublishOutcome> {
  return publishing(slug, author, async (draft, tx) => {
    const parsed = publishableContent.safeParse(draft);
    if (!parsed.success) return { ok: false, error: "incomplete" };
    // A draft identical to what members see would only add a version that changes nothing.
    const [live] = await tx
      .select({ same: sql<boolean>`${trainings.content} = ${JSON.stringify(parsed.data)}::jsonb` })
      .from(trainings)
      .where(eq(trainings.slug, slug));
    if (live?.same) return { ok: false, error: "unchanged" };
    return { ok: true, content: parsed.data };
  });
}

/**
 * Version `number` of the training published again as its next version ("back to version 3"),
 * and the draft set to it. The live version itself is refused (nothing to go back to).
 */
export function republishVersion(slug: string, number: number, author: Author): Promise<PublishOutcome> {
  return publishing(slug, { ...author, revertedTo: number }, async (_draft, tx) => {
    const [version] = await tx
      .select({
        content: trainingVersions.content,
        live: sql<boolean>`${trainingVersions.id} = ${trainings.versionId}`,
      })
      .from(trainingVersions)
      .innerJoin(trainings, eq(trainings.id, trainingVersions.trainingId))
      .where(and(eq(trainings.slug, slug), eq(trainingVersions.number, number)));
    if (!version) return { ok: false, error: "notFound" };
    if (version.live) return { ok: false, error: "current" };
    return { ok: true, content: version.content };
  });
}

type Chosen =
  | { ok: true; content: TrainingContent }
  | { ok: false; error: "notFound" | "current" | "incomplete" | "unchanged" };

async function publishing(
  slug: string,
  author: Author & { revertedTo?: number },
  choose: (draft: DraftContent, tx: Executor) => Promise<Chosen>,
): Promise<PublishOutcome> {
  if (slug.length > trainingBounds.slug) return { ok: false, error: "notFound" };
  const database = db();
  const outcome = await database.transaction(async (tx): Promise<PublishOutcome> => {
    const draft = await lockDraftAt(tx, slug, author.revision);
    if (!draft.ok) return draft;
    const chosen = await choose(draft.content, tx);
    if (!chosen.ok) return chosen;
    const [before] = await tx
      .select({ number: trainingVersions.number })
      .from(trainings)
      .innerJoin(trainingVersions, eq(trainingVersions.id, trainings.versionId))
      .where(eq(trainings.slug, slug));
    const published = await publishContent(tx, chosen.content, {
      publishedBy: author.authorId,
      revertedTo: author.revertedTo,
    });
    const now = new Date();
    // The draft is what members now see; published in the browser, the training is the
    // database's from now on (the seed leaves its file aside).
    await tx
      .update(trainingDrafts)
      .set({
        content: chosen.content,
        revision: draft.revision + 1,
        updatedBy: author.authorId,
        updatedAt: now,
        authoredAt: sql`coalesce(${trainingDrafts.authoredAt}, ${now})`,
      })
      .where(eq(trainingDrafts.slug, slug));
    await recordChange(tx, {
      actorId: author.authorId,
      subject: { id: null, name: slug },
      action: author.revertedTo === undefined ? "training.published" : "training.reverted",
      before: before ? { version: before.number } : null,
      after: { version: published.number, ...(author.revertedTo === undefined ? {} : { from: author.revertedTo }) },
    });
    return { ok: true, number: published.number };
  });
  // This process need not wait for its next generation check.
  if (outcome.ok) forgetCatalogue(database);
  return outcome;
}

/** One line of a training's history. */
export type VersionLine = {
  number: number;
  /** The author's name; null for the seed (the repository's files) or an account since deleted. */
  publishedBy: string | null;
  seeded: boolean;
  publishedAt: Date;
  summary: VersionSummary;
  live: boolean;
};

export const HISTORY_PAGE_SIZE = 50;

/** A page of the training's versions, newest first; null when no training has that slug. */
export async function versionHistory(
  slug: string,
  page: number,
): Promise<{ total: number; versions: VersionLine[] } | null> {
  if (slug.length > trainingBounds.slug) return null;
  const [training] = await db()
    .select({ id: trainings.id, versionId: trainings.versionId })
    .from(trainings)
    .where(eq(trainings.slug, slug));
  if (!training) return { total: 0, versions: [] };
  const [{ total }] = await db()
    .select({ total: sql<number>`count(*)::int` })
    .from(trainingVersions)
    .where(eq(trainingVersions.trainingId, training.id));
  const rows = await db()
    .select({
      id: trainingVersions.id,
      number: trainingVersions.number,
      publishedBy: trainingVersions.publishedBy,
      name: sql<string | null>`${appUsers.firstname} || ' ' || ${appUsers.lastname}`,
      publishedAt: trainingVersions.publishedAt,
      summary: trainingVersions.summary,
    })
    .from(trainingVersions)
    .leftJoin(appUsers, eq(appUsers.id, trainingVersions.publishedBy))
    .where(eq(trainingVersions.trainingId, training.id))
    .orderBy(desc(trainingVersions.number))
    .limit(HISTORY_PAGE_SIZE)
    .offset((page - 1) * HISTORY_PAGE_SIZE);
  return {
    total,
    versions: rows.map((row) => ({
      number: row.number,
      publishedBy: row.name,
      seeded: row.publishedBy === null,
      publishedAt: row.publishedAt,
      summary: row.summary,
      live: row.id === training.versionId,
    })),
  };
}

/** Version `number` of the training `slug` as its file would say it; null when there is none. */
export async function versionFile(slug: string, number: number): Promise<TrainingFile | null> {
  if (slug.length > trainingBounds.slug) return null;
  const [row] = await db()
    .select({ content: trainingVersions.content })
    .from(trainingVersions)
    .innerJoin(trainings, eq(trainings.id, trainingVersions.trainingId))
    .where(and(eq(trainings.slug, slug), eq(trainingVersions.number, number)));
  // Parsed again: jsonb keeps no key order, the schema gives the files' order back.
  return row ? asFile(trainingContent.parse(row.content)) : null;
}

/** A summary in words: "2 parts added, 1 question changed", "back to version 3". */
export function summaryWords(summary: VersionSummary, t: TFunction): string[] {
  const words: string[] = [];
  if (summary.revertedTo !== undefined) words.push(t("history.summary.revertedTo", { number: summary.revertedTo }));
  if (summary.changed.training) words.push(t("history.summary.training"));
  for (const change of ["added", "removed", "changed"] as const)
    for (const kind of ["modules", "parts", "questions"] as const) {
      const count = summary[change][kind];
      if (count > 0) words.push(t(`history.summary.${kind}.${change}`, { count }));
    }
  return words;
}
