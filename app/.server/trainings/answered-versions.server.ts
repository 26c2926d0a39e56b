import { inArray } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { trainingVersions } from "~/.server/db/schema.server";
import type { TrainingContent } from "~/content/training-schema";
import type { TrainingProgress } from "./catalogue.server";

/**
 * The versions members answered: a past submission is shown with the questions
 * and labels of the version the member saw, whatever was reworded or removed since. Versions never
 * change once written, so they are kept by id in a bounded map: a page asks the database only for
 * a version it has not seen yet, and never when the member answered the live one.
 */
export type AnsweredVersions = ReadonlyMap<string, TrainingContent>;

const CACHED_VERSIONS = 200;
const cache = new Map<string, TrainingContent>();

/** The content of every version these trainings' last submissions answered, by version id. */
export async function answeredVersions(trainings: TrainingProgress[]): Promise<AnsweredVersions> {
  const found = new Map<string, TrainingContent>();
  const missing = new Set<string>();
  for (const training of trainings) {
    for (const module of training.modules) {
      const id = module.lastSubmission?.versionId;
      if (!id || found.has(id)) continue;
      const known = id === training.versionId ? training.content : cache.get(id);
      if (known) found.set(id, known);
      else missing.add(id);
    }
  }
  if (missing.size === 0) return found;
  const rows = await db()
    .select({ id: trainingVersions.id, content: trainingVersions.content })
    .from(trainingVersions)
    .where(inArray(trainingVersions.id, [...missing]));
  for (const row of rows) {
    found.set(row.id, row.content);
    cache.set(row.id, row.content);
    // The oldest one read leaves first.
    if (cache.size > CACHED_VERSIONS) cache.delete(cache.keys().next().value as string);
  }
  return found;
}
