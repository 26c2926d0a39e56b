import { type ModuleRefusal, moduleRefusals } from "~/.server/authoring/contract.server";
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
import { type DraftModule, trainingBounds } from "~/content/training-schema";
import type { Language } from "~/i18n/config";
import type { TFunction } from "~/i18n/translate";
import { draftPosts } from "~/routes/_default.author/draft-change-post.server";

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
export function postModuleChange(
  intent: (typeof INTENTS)[number],
  formData: FormData,
  slug: string,
  moduleSlug: string,
  author: { id: string; lang: Language },
) {
  const page = `/author/trainings/${slug}/modules/${moduleSlug}`;
  const post = draftPosts(formData, page, (refusal: ModuleRefusal) => moduleRefusals[refusal]);
  switch (intent) {
    case "module":
      return post(moduleMetaSchema, "module", (value) => saveModuleMeta(slug, moduleSlug, value, author));
    case "addPart":
      return post(addPartSchema, "partAdded", (value) => addPart(slug, moduleSlug, value, author));
    case "movePart":
      return post(moveSchema, "partMoved", (value) => movePart(slug, moduleSlug, value, author));
    case "removePart":
      return post(removeSchema, "partRemoved", (value) => removePart(slug, moduleSlug, value, author));
  }
}
