import { eq } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { trainings } from "~/.server/db/schema.server";
import { type TrainingContent, trainingBounds, trainingContent } from "~/content/training-schema";

/**
 * What the author space reads of the trainings (issue 26, first slice): every training, archived
 * ones too, straight from the database (not the members' catalogue cache), in both languages.
 * Nothing here writes: drafts and publishing come in the next slices.
 */
type Texts = { fr: string; en: string };

export type AuthorTrainingLine = {
  slug: string;
  title: Texts;
  kind: TrainingContent["kind"];
  access: TrainingContent["access"];
  archived: boolean;
  modules: number;
  parts: number;
};

export type AuthorOutline = AuthorTrainingLine & {
  summary: Texts;
  outline: {
    slug: string;
    title: Texts;
    hours: number;
    access: TrainingContent["access"];
    parts: { slug: string; kind: "text" | "video" | "exercise"; title: Texts }[];
    questions: number;
  }[];
};

/** The trainings in their order, each with its counts. */
export async function authorTrainings(): Promise<AuthorTrainingLine[]> {
  const rows = await db().select({ content: trainings.content }).from(trainings).orderBy(trainings.position);
  return rows.map((row) => lineOf(trainingContent.parse(row.content)));
}

/** One training's outline, read-only; null when no training has that slug. */
export async function authorOutline(slug: string): Promise<AuthorOutline | null> {
  if (slug.length > trainingBounds.slug) return null;
  const [row] = await db().select({ content: trainings.content }).from(trainings).where(eq(trainings.slug, slug));
  if (!row) return null;
  const content = trainingContent.parse(row.content);
  return {
    ...lineOf(content),
    summary: content.summary,
    outline: content.modules.map((module) => ({
      slug: module.slug,
      title: module.title,
      hours: module.hours,
      access: module.access,
      parts: module.parts.map((part) => ({ slug: part.slug, kind: part.kind, title: part.title })),
      questions: module.quiz?.questions.length ?? 0,
    })),
  };
}

function lineOf(content: TrainingContent): AuthorTrainingLine {
  return {
    slug: content.slug,
    title: content.title,
    kind: content.kind,
    access: content.access,
    archived: content.archived,
    modules: content.modules.length,
    parts: content.modules.reduce((sum, module) => sum + module.parts.length, 0),
  };
}
