import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordChange } from "~/.server/audit/audit-log.server";
import { db } from "~/.server/db/client.server";
import { trainingDrafts, trainings } from "~/.server/db/schema.server";
import { forgetCatalogue } from "~/.server/trainings/catalogue.server";
import { lockDraftAt } from "./drafts.server";
import { publishContent } from "~/.server/trainings/versions.server";
import { trainingBounds } from "~/content/training-schema";
import type { RetireRefusal } from "./contract.server";
import { revisionField } from "./training-meta.server";

/**
 * Retiring a training: at once, not at the next publish. The LIVE content is
 * published again with `archived: true` as a new version (members who never started it no longer
 * see it; those who did keep it under "old trainings"), and the draft says the same, its revision
 * bumped so a form read before cannot undo it. Restoring is the same with `archived: false`.
 * Only what members see changes: the draft's other unpublished edits stay unpublished.
 */
export const retireSchema = z.object({
  revision: revisionField,
  intent: z.enum(["retire", "restore"], { message: "retire.errors.intent" }),
});

export type RetireOutcome = { ok: true; changed: boolean } | { ok: false; error: RetireRefusal };

export async function setRetired(
  slug: string,
  { archived, revision, authorId }: { archived: boolean; revision: number; authorId: string },
): Promise<RetireOutcome> {
  if (slug.length > trainingBounds.slug) return { ok: false, error: "notFound" };
  const outcome = await db().transaction(async (tx): Promise<RetireOutcome> => {
    const draft = await lockDraftAt(tx, slug, revision);
    if (!draft.ok) return draft;
    const [live] = await tx
      .select({ content: trainings.content, archived: trainings.archived, versionId: trainings.versionId })
      .from(trainings)
      .where(eq(trainings.slug, slug));
    if (!live || live.versionId === null) return { ok: false, error: "notPublished" };
    if (live.archived === archived && draft.content.archived === archived) return { ok: true, changed: false };
    if (live.archived !== archived) await publishContent(tx, { ...live.content, archived }, { publishedBy: authorId });
    const now = new Date();
    await tx
      .update(trainingDrafts)
      .set({
        content: { ...draft.content, archived },
        revision: draft.revision + 1,
        updatedBy: authorId,
        updatedAt: now,
        // Changed in the browser: a re-seed of its file leaves it alone from now on.
        authoredAt: sql`coalesce(${trainingDrafts.authoredAt}, ${now})`,
      })
      .where(eq(trainingDrafts.slug, slug));
    await recordChange(tx, {
      actorId: authorId,
      subject: { id: null, name: slug },
      action: archived ? "training.retired" : "training.restored",
      before: { archived: live.archived },
      after: { archived },
    });
    return { ok: true, changed: true };
  });
  // This process's members see it at once (the content generation tells the others).
  if (outcome.ok && outcome.changed) forgetCatalogue(db());
  return outcome;
}
