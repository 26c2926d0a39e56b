import { and, eq, sql } from "drizzle-orm";
import { type AuditAction, recordChange } from "~/.server/audit/audit-log.server";
import { db, type Executor } from "~/.server/db/client.server";
import { appUsers, trainingDrafts, trainingVersions, trainings } from "~/.server/db/schema.server";
import { type DraftContent, draftContent, trainingBounds } from "~/content/training-schema";
import type { Language } from "~/i18n/config";
import { contentProblems, type ImportError } from "~/.server/trainings/training-file.server";

/**
 * Authors' drafts: every change an author makes lands in the training's draft, a
 * working copy checked with the draft schema (training-schema.ts: same shape and bounds, texts may
 * still be empty). Members never read drafts; publishing (versions.server.ts) makes one live.
 *
 * Every save names the revision its form was read at. A save from an older revision is refused
 * ("stale"), so two authors editing the same training never silently overwrite each other.
 */
export type Draft = {
  slug: string;
  content: DraftContent;
  revision: number;
  updatedAt: Date;
  /** The author who saved last; null after the seed, or once that account is gone. */
  updatedBy: string | null;
  /** The published version members see; null for a training not published yet. */
  published: { number: number; publishedAt: Date } | null;
  /** The draft differs from the published version (always true before the first publish). */
  unpublishedChanges: boolean;
};

/** One training's draft, or null when no training or draft has that slug. */
export async function readDraft(slug: string): Promise<Draft | null> {
  if (slug.length > trainingBounds.slug) return null;
  const [row] = await db()
    .select({
      slug: trainingDrafts.slug,
      content: trainingDrafts.content,
      revision: trainingDrafts.revision,
      updatedAt: trainingDrafts.updatedAt,
      updatedBy: sql<string | null>`${appUsers.firstname} || ' ' || ${appUsers.lastname}`,
      number: trainingVersions.number,
      publishedAt: trainingVersions.publishedAt,
      // jsonb equality: key order does not matter.
      unpublishedChanges: sql<boolean>`${trainingVersions.content} is null or ${trainingVersions.content} <> ${trainingDrafts.content}`,
    })
    .from(trainingDrafts)
    .leftJoin(appUsers, eq(appUsers.id, trainingDrafts.updatedBy))
    .leftJoin(trainings, eq(trainings.slug, trainingDrafts.slug))
    .leftJoin(trainingVersions, eq(trainingVersions.id, trainings.versionId))
    .where(eq(trainingDrafts.slug, slug));
  if (!row) return null;
  return {
    slug: row.slug,
    content: row.content,
    revision: row.revision,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
    published:
      row.number === null || row.publishedAt === null ? null : { number: row.number, publishedAt: row.publishedAt },
    unpublishedChanges: row.unpublishedChanges,
  };
}

/** What an edit answers: the draft's next content, or its own refusal (a field's message). */
export type DraftEdit<Refusal> = (content: DraftContent) => DraftContent | { refused: Refusal };

export type DraftSave<Refusal> =
  | { ok: true; revision: number }
  | { ok: false; error: "notFound" | "stale" }
  | { ok: false; error: "refused"; refusal: Refusal }
  | { ok: false; error: "invalid"; problems: ImportError[] };

/**
 * The draft `slug`, locked until the transaction ends, when it is still at the `revision` its form
 * was read at: "notFound" when there is none, "stale" when it moved on since.
 */
export async function lockDraftAt(tx: Executor, slug: string, revision: number) {
  const [draft] = await tx
    .select({ content: trainingDrafts.content, revision: trainingDrafts.revision })
    .from(trainingDrafts)
    .where(eq(trainingDrafts.slug, slug))
    .for("update");
  if (!draft) return { ok: false as const, error: "notFound" as const };
  if (draft.revision !== revision) return { ok: false as const, error: "stale" as const };
  return { ok: true as const, ...draft };
}

/**
 * Applies `edit` to the draft `slug` as it is at `revision`, checks the result with the draft
 * schema and stores it as the next revision, in one transaction (the row locked meanwhile). Nothing
 * changes when the draft moved on since the form was read, the edit refuses, or the result breaks
 * a bound.
 */
export async function saveDraft<Refusal = never>(
  slug: string,
  // `audited`: the change is one the audit log keeps (a file imported over the draft).
  expected: { revision: number; authorId: string; lang: Language; audited?: Extract<AuditAction, "training.imported"> },
  edit: DraftEdit<Refusal>,
): Promise<DraftSave<Refusal>> {
  if (slug.length > trainingBounds.slug) return { ok: false, error: "notFound" };
  return db().transaction(async (tx) => {
    const draft = await lockDraftAt(tx, slug, expected.revision);
    if (!draft.ok) return draft;
    // The edit gets its own copy: a refused edit leaves nothing half-changed behind.
    const next = edit(structuredClone(draft.content));
    if ("refused" in next) return { ok: false as const, error: "refused" as const, refusal: next.refused };
    const checked = draftContent.safeParse(next);
    if (!checked.success)
      return {
        ok: false as const,
        error: "invalid" as const,
        problems: contentProblems(checked.error.issues, next, expected.lang),
      };
    const revision = draft.revision + 1;
    const now = new Date();
    await tx
      .update(trainingDrafts)
      .set({
        content: checked.data,
        revision,
        updatedBy: expected.authorId,
        updatedAt: now,
        authoredAt: sql`coalesce(${trainingDrafts.authoredAt}, ${now})`,
      })
      .where(and(eq(trainingDrafts.slug, slug), eq(trainingDrafts.revision, draft.revision)));
    if (expected.audited) await auditDraft(tx, expected.audited, expected.authorId, slug, { revision: draft.revision });
    return { ok: true as const, revision };
  });
}

/** An author's change the audit log keeps, the training named by its slug. */
function auditDraft(
  tx: Executor,
  action: AuditAction,
  authorId: string,
  slug: string,
  before: Record<string, unknown> | null,
) {
  return recordChange(tx, { actorId: authorId, subject: { id: null, name: slug }, action, before, after: null });
}

/**
 * A new training's draft (nothing members see until it is published): refused when the slug is
 * taken by a draft or a training. Audited as `action` (written in the form, or imported).
 */
export async function createDraft(
  content: DraftContent,
  authorId: string,
  lang: Language,
  action: Extract<AuditAction, "training.created" | "training.imported">,
): Promise<{ ok: true } | { ok: false; error: "taken" } | { ok: false; error: "invalid"; problems: ImportError[] }> {
  const checked = draftContent.safeParse(content);
  if (!checked.success)
    return { ok: false, error: "invalid", problems: contentProblems(checked.error.issues, content, lang) };
  return db().transaction(async (tx) => {
    const [training] = await tx.select({ id: trainings.id }).from(trainings).where(eq(trainings.slug, content.slug));
    if (training) return { ok: false as const, error: "taken" as const };
    const now = new Date();
    const inserted = await tx
      .insert(trainingDrafts)
      .values({ slug: content.slug, content: checked.data, updatedBy: authorId, authoredAt: now })
      .onConflictDoNothing()
      .returning({ slug: trainingDrafts.slug });
    if (!inserted.length) return { ok: false as const, error: "taken" as const };
    await auditDraft(tx, action, authorId, content.slug, null);
    return { ok: true as const };
  });
}
