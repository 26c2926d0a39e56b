import { sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/.server/db/client.server";
import { trainingDrafts } from "~/.server/db/schema.server";
import { createDraft } from "./drafts.server";
import { type DraftContent, trainingBounds } from "~/content/training-schema";
import type { Language } from "~/i18n/config";
import { draftText } from "./training-meta.server";

/**
 * A new training or test: its kind, its slug (its address, for good), its title in
 * both languages and its access. It starts as a draft with nothing else in it, placed after the last
 * training; members see nothing of it until it is published.
 */

/** Paths of the author space a slug would hide (/author/trainings/new, /author/trainings/import). */
export const reservedSlugs = ["new", "import"] as const;

const slugRule = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

/**
 * The slug may be left empty: it is then made from the French title (else the English one), so
 * the form needs no script to suggest it.
 */
export const newTrainingSchema = z
  .object({
    kind: z.enum(["training", "test"], { message: "create.errors.kind" }),
    slug: z.string().trim().toLowerCase().max(trainingBounds.slug, { message: "create.errors.slugTooLong" }).optional(),
    titleFr: draftText(trainingBounds.title),
    titleEn: draftText(trainingBounds.title),
    access: z.enum(["free", "payable"], { message: "errors.access" }),
  })
  .transform((values) => ({ ...values, slug: values.slug || slugOf(values.titleFr || values.titleEn) }))
  .superRefine((values, ctx) => {
    const problem = !values.slug
      ? "create.errors.slugMissing"
      : !slugRule.test(values.slug)
        ? "create.errors.slug"
        : (reservedSlugs as readonly string[]).includes(values.slug)
          ? "create.errors.reserved"
          : null;
    if (problem) ctx.addIssue({ code: "custom", path: ["slug"], message: problem });
  });

export type NewTraining = z.infer<typeof newTrainingSchema>;

/** Where a new training goes: after the last one of the list (drafts included). */
async function nextOrder(): Promise<number> {
  const [row] = await db()
    .select({ last: sql<number | null>`max((${trainingDrafts.content}->>'order')::int)` })
    .from(trainingDrafts);
  const last = row?.last === null || row?.last === undefined ? null : Number(row.last);
  return last === null ? 0 : Math.min(1_000_000, last + 1);
}

/** The draft of a new training: its own fields, no modules, nothing else yet. */
export function emptyDraft(values: NewTraining, order: number): DraftContent {
  return {
    slug: values.slug,
    kind: values.kind,
    order,
    access: values.access,
    archived: false,
    title: { fr: values.titleFr, en: values.titleEn },
    summary: { fr: "", en: "" },
    skills: [],
    profiles: [],
    modules: [],
  };
}

export async function createTraining(values: NewTraining, author: { id: string; lang: Language }) {
  return createDraft(emptyDraft(values, await nextOrder()), author.id, author.lang, "training.created");
}

/** A slug suggested from a title: lower case, accents dropped, words joined by dashes. */
export function slugOf(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, trainingBounds.slug)
    .replace(/-+$/, "");
}
