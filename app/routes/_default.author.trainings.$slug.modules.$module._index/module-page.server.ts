import { moduleRefusals } from "~/.server/authoring/contract.server";
import type { Draft } from "~/.server/authoring/drafts.server";
import {
  addPart,
  addPartSchema,
  moduleMetaSchema,
  movePart,
  moveSchema,
  removePart,
  removeSchema,
  saveModuleMeta,
} from "~/.server/authoring/modules.server";
import { refuse } from "~/.server/http/form-reply.server";
import { type DraftContent, trainingBounds } from "~/content/training-schema";
import { parseWithZod } from "~/forms/submission";
import type { Language } from "~/i18n/config";
import type { TFunction } from "~/i18n/translate";
import { answerDraftSave } from "~/routes/_default.author/draft-post.server";

type DraftModule = DraftContent["modules"][number];

export const SAVED = ["module", "partAdded", "partMoved", "partRemoved"] as const;
export const INTENTS = ["module", "addPart", "movePart", "removePart"] as const;

/** What the module's page shows: its fields as the form holds them, its parts, the one to confirm removing. */
export function modulePage(draft: Draft, module: DraftModule, lang: Language, t: TFunction, query: URLSearchParams) {
  const removing = module.parts.find((part) => part.slug === query.get("removePart"));
  const hours = new Intl.NumberFormat(lang, { maximumFractionDigits: 2, useGrouping: false }).format(module.hours);
  return {
    title: t("modules.editor.pageTitle", { module: module.title[lang] || module.slug }),
    slug: draft.slug,
    module: { slug: module.slug, title: module.title },
    revision: draft.revision,
    values: {
      titleFr: module.title.fr,
      titleEn: module.title.en,
      summaryFr: module.summary.fr,
      summaryEn: module.summary.en,
      hours,
      access: module.access,
      coaching: module.coaching ? "on" : undefined,
    },
    questions: module.quiz?.questions.length ?? 0,
    full: module.parts.length >= trainingBounds.parts,
    confirm: removing ? { slug: removing.slug, title: removing.title } : null,
    parts: module.parts.map((part) => ({
      slug: part.slug,
      kind: part.kind,
      title: part.title,
      name: part.title[lang] || part.slug,
    })),
  };
}

/** One post of the module's page, by its intent: its fields saved, or a part added, moved, removed. */
export async function postModuleChange(
  intent: (typeof INTENTS)[number],
  formData: FormData,
  slug: string,
  moduleSlug: string,
  author: { id: string; lang: Language },
) {
  const page = `/author/trainings/${slug}/modules/${moduleSlug}`;
  const refusalOf = (refusal: keyof typeof moduleRefusals) => moduleRefusals[refusal];
  switch (intent) {
    case "module": {
      const submission = parseWithZod(formData, { schema: moduleMetaSchema });
      if (submission.status !== "success") return refuse(submission.reply());
      const save = await saveModuleMeta(slug, moduleSlug, submission.value, author);
      return answerDraftSave(submission, save, { page, saved: "module", refusalOf });
    }
    case "addPart": {
      const submission = parseWithZod(formData, { schema: addPartSchema });
      if (submission.status !== "success") return refuse(submission.reply());
      const save = await addPart(slug, moduleSlug, submission.value, author);
      return answerDraftSave(submission, save, { page, saved: "partAdded", refusalOf });
    }
    case "movePart": {
      const submission = parseWithZod(formData, { schema: moveSchema });
      if (submission.status !== "success") return refuse(submission.reply());
      const save = await movePart(slug, moduleSlug, submission.value, author);
      return answerDraftSave(submission, save, { page, saved: "partMoved", refusalOf });
    }
    case "removePart": {
      const submission = parseWithZod(formData, { schema: removeSchema });
      if (submission.status !== "success") return refuse(submission.reply());
      const save = await removePart(slug, moduleSlug, submission.value, author);
      return answerDraftSave(submission, save, { page, saved: "partRemoved", refusalOf });
    }
  }
}
