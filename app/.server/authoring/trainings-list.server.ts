import { eq } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { trainingDrafts, trainings } from "~/.server/db/schema.server";
import type { DraftContent, TrainingContent } from "~/content/training-schema";

/**
 * What the author space reads of the trainings: every draft (trainings written in the browser and
 * not published yet too, archived ones too), in both languages, straight from the database (not
 * the members' catalogue cache).
 */
type Texts = { fr: string; en: string };

export type AuthorTrainingLine = {
  slug: string;
  title: Texts;
  kind: TrainingContent["kind"];
  access: TrainingContent["access"];
  archived: boolean;
  /** Members see a version of it. */
  published: boolean;
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

/** The trainings in the members' order (then by slug), each with its counts, as their drafts say. */
export async function authorTrainings(): Promise<AuthorTrainingLine[]> {
  const rows = await db()
    .select({ content: trainingDrafts.content, versionId: trainings.versionId })
    .from(trainingDrafts)
    .leftJoin(trainings, eq(trainings.slug, trainingDrafts.slug));
  return rows
    .map((row) => lineOf(row.content, row.versionId !== null))
    .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug))
    .map(({ order: _, ...line }) => line);
}

/** A draft's outline: its modules, parts and quiz sizes in both languages. */
export function outlineOf(content: DraftContent, published: boolean): AuthorOutline {
  const { order: _, ...line } = lineOf(content, published);
  return {
    ...line,
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

function lineOf(content: DraftContent, published: boolean): AuthorTrainingLine & { order: number } {
  return {
    slug: content.slug,
    title: content.title,
    kind: content.kind,
    access: content.access,
    archived: content.archived,
    published,
    order: content.order,
    modules: content.modules.length,
    parts: content.modules.reduce((sum, module) => sum + module.parts.length, 0),
  };
}
