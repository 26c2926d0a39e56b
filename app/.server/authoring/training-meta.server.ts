import { z } from "zod";
import { saveDraft } from "./drafts.server";
import { trainingBounds } from "~/content/training-schema";
import type { Language } from "~/i18n/config";

/**
 * Fields every author form shares. `revision`: the draft revision the page was read at
 * (drafts.server.ts refuses a save from an older one). A text in one language may stay empty in a
 * draft: conform hands an empty field as undefined, kept as "" until publishing asks for both.
 */
export const revisionField = z.coerce.number().int().min(0).max(2_147_483_647);
export const draftText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: "errors.tooLong" })
    .optional()
    .transform((value) => value ?? "");

/** The training's own fields: titles and summaries side by side, access and place in the list. */
export const trainingMetaSchema = z.object({
  revision: revisionField,
  titleFr: draftText(trainingBounds.title),
  titleEn: draftText(trainingBounds.title),
  summaryFr: draftText(trainingBounds.summary),
  summaryEn: draftText(trainingBounds.summary),
  access: z.enum(["free", "payable"], { message: "errors.access" }),
  order: z.coerce
    .number({ message: "errors.order" })
    .int({ message: "errors.order" })
    .min(-1_000_000, { message: "errors.order" })
    .max(1_000_000, { message: "errors.order" }),
});

export type TrainingMeta = z.infer<typeof trainingMetaSchema>;

export function saveTrainingMeta(slug: string, meta: TrainingMeta, author: { id: string; lang: Language }) {
  return saveDraft(slug, { revision: meta.revision, authorId: author.id, lang: author.lang }, (content) => ({
    ...content,
    title: { fr: meta.titleFr, en: meta.titleEn },
    summary: { fr: meta.summaryFr, en: meta.summaryEn },
    access: meta.access,
    order: meta.order,
  }));
}
