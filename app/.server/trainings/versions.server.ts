import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import {
  contentGeneration,
  trainingModules,
  trainingVersions,
  trainings,
  type VersionSummary,
} from "~/.server/db/schema.server";
import type { TrainingContent } from "~/content/training-schema";

/**
 * Publishing: a training's content becomes its next version, and members see it at
 * once. One function for the seed and for authors, run inside the caller's transaction so the
 * version, the training row, its modules and the content generation change together or not at all.
 */
export type Published = { trainingId: string; versionId: string; number: number };

export async function publishContent(
  tx: Executor,
  content: TrainingContent,
  options: { publishedBy: string | null; revertedTo?: number; seededHash?: string },
): Promise<Published> {
  const [existing] = await tx
    .select({ id: trainings.id, contentHash: trainings.contentHash })
    .from(trainings)
    .where(eq(trainings.slug, content.slug))
    .for("update");
  const columns = {
    slug: content.slug,
    kind: content.kind,
    position: content.order,
    access: content.access,
    archived: content.archived,
    content,
    // The file's hash only when the seed publishes it: an author's version matches no file.
    contentHash: options.seededHash ?? existing?.contentHash ?? "",
    updatedAt: new Date(),
  };
  const [row] = existing
    ? await tx.update(trainings).set(columns).where(eq(trainings.id, existing.id)).returning({ id: trainings.id })
    : await tx.insert(trainings).values(columns).returning({ id: trainings.id });

  const [previous] = await tx
    .select({ number: trainingVersions.number, content: trainingVersions.content })
    .from(trainingVersions)
    .where(eq(trainingVersions.trainingId, row.id))
    .orderBy(desc(trainingVersions.number))
    .limit(1);
  const number = (previous?.number ?? 0) + 1;
  const [version] = await tx
    .insert(trainingVersions)
    .values({
      trainingId: row.id,
      number,
      content,
      publishedBy: options.publishedBy,
      summary: { ...summarise(previous?.content ?? null, content), revertedTo: options.revertedTo },
    })
    .returning({ id: trainingVersions.id });
  await tx.update(trainings).set({ versionId: version.id }).where(eq(trainings.id, row.id));

  // Modules are matched by slug, so read parts and completions survive; one gone is retired.
  const slugs = content.modules.map((module) => module.slug);
  for (const [position, slug] of slugs.entries()) {
    await tx
      .insert(trainingModules)
      .values({ trainingId: row.id, slug, position })
      .onConflictDoUpdate({
        target: [trainingModules.trainingId, trainingModules.slug],
        set: { position, retired: false },
      });
  }
  await tx
    .update(trainingModules)
    .set({ retired: true })
    .where(and(eq(trainingModules.trainingId, row.id), notInArray(trainingModules.slug, slugs)));
  await bumpContentGeneration(tx);
  return { trainingId: row.id, versionId: version.id, number };
}

/** Tells every worker and instance that the catalogue changed (they compare generations). */
export async function bumpContentGeneration(tx: Executor) {
  await tx
    .insert(contentGeneration)
    .values({ id: 1, generation: 1 })
    .onConflictDoUpdate({
      target: contentGeneration.id,
      set: { generation: sql`${contentGeneration.generation} + 1` },
    });
}

/** What a version changes from the one before, counted (the history's one-line summary). */
export function summarise(before: TrainingContent | null, after: TrainingContent): VersionSummary {
  const summary: VersionSummary = {
    added: { modules: 0, parts: 0, questions: 0 },
    removed: { modules: 0, parts: 0, questions: 0 },
    changed: { modules: 0, parts: 0, questions: 0, training: false },
  };
  // Key order aside: a version read back from jsonb has lost the order it was written in.
  const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
  const { modules: modulesBefore = [], ...trainingBefore } = before ?? { modules: [] };
  const { modules: modulesAfter, ...trainingAfter } = after;
  summary.changed.training = before !== null && !same(trainingBefore, trainingAfter);
  compare(
    modulesBefore,
    modulesAfter,
    (m) => m.slug,
    "modules",
    (a, b) => {
      const { parts: partsA, quiz: quizA, ...moduleA } = a;
      const { parts: partsB, quiz: quizB, ...moduleB } = b;
      compare(partsA, partsB, (p) => p.slug, "parts");
      compare(quizA?.questions ?? [], quizB?.questions ?? [], (q) => q.id, "questions");
      // The quiz's own settings (pass mark, review, completion) change the module.
      return same(moduleA, moduleB) && same({ ...quizA, questions: [] }, { ...quizB, questions: [] });
    },
  );
  return summary;

  /** Counts items added, removed and changed between two lists matched by key. */
  function compare<Item>(
    a: Item[],
    b: Item[],
    key: (item: Item) => string,
    kind: "modules" | "parts" | "questions",
    unchanged: (a: Item, b: Item) => boolean = same,
  ) {
    const byKey = new Map(a.map((item) => [key(item), item]));
    for (const item of b) {
      const old = byKey.get(key(item));
      if (!old) summary.added[kind] += 1;
      else if (!unchanged(old, item)) summary.changed[kind] += 1;
      byKey.delete(key(item));
    }
    summary.removed[kind] += byKey.size;
  }
}

/** The same value with every object's keys sorted. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}
