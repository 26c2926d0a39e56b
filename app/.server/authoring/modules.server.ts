import { z } from "zod";
import { saveDraft, type DraftSave } from "./drafts.server";
import { type DraftContent, type DraftModule, trainingBounds } from "~/content/training-schema";
import type { Language } from "~/i18n/config";
import type { ModuleRefusal } from "./contract.server";
import { moved } from "./ids.server";
import { draftText, revisionField } from "./training-meta.server";

/**
 * A training's modules and their parts, as an author edits them in the draft:
 * add (its slug made from its French title, or typed), move up or down, remove; a module's own
 * fields; its parts' list. Every edit names the draft revision its page was read at (stale: 409)
 * and is refused whole, with its field's message, when it would break a bound.
 *
 * Removing a module or a part is a draft change like any other: published versions keep it, and
 * members' progress points at the version they followed (versions.server.ts).
 */
type Author = { id: string; lang: Language };
type DraftPart = DraftModule["parts"][number];

/** A lower-case slug of a title: "Épreuve n°1 : le cap" → "epreuve-n-1-le-cap". */
export function slugOf(title: string): string {
  return title
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, trainingBounds.slug)
    .replace(/-+$/, "");
}

const slugPattern = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
/** A slug the author typed (optional: made from the French title otherwise). */
const typedSlug = z
  .string()
  .trim()
  .toLowerCase()
  .max(trainingBounds.slug, { message: "modules.errors.slug" })
  .regex(slugPattern, { message: "modules.errors.slug" })
  .optional();
/** A module or part named by a post: any string within the bound (an unknown one is "gone"). */
const slugRef = z.string().max(trainingBounds.slug, { message: "modules.errors.moduleGone" });
const direction = z.enum(["up", "down"], { message: "modules.errors.direction" });

/** A new module's or part's French title: it names the item in the outline, so it may not be empty. */
const requiredTitle = z
  .string({ message: "modules.errors.titleRequired" })
  .trim()
  .min(1, { message: "modules.errors.titleRequired" })
  .max(trainingBounds.title, { message: "errors.tooLong" });

export const addModuleSchema = z.object({
  revision: revisionField,
  titleFr: requiredTitle,
  titleEn: draftText(trainingBounds.title),
  slug: typedSlug,
});
export const moveSchema = z.object({ revision: revisionField, slug: slugRef, direction });
export const removeSchema = z.object({ revision: revisionField, slug: slugRef });

/** Hours as an author types them: "1,5" or "1.5", more than 0 and at most 100. */
const hours = z
  .string({ message: "modules.errors.hours" })
  .trim()
  .max(12, { message: "modules.errors.hours" })
  .regex(/^\d{1,3}(?:[.,]\d{1,2})?$/, { message: "modules.errors.hours" })
  .transform((value) => Number(value.replace(",", ".")))
  .refine((value) => value > 0 && value <= trainingBounds.hours, { message: "modules.errors.hours" });

export const moduleMetaSchema = z.object({
  revision: revisionField,
  titleFr: draftText(trainingBounds.title),
  titleEn: draftText(trainingBounds.title),
  summaryFr: draftText(trainingBounds.summary),
  summaryEn: draftText(trainingBounds.summary),
  hours,
  access: z.enum(["free", "payable"], { message: "errors.access" }),
  coaching: z.enum(["on"], { message: "modules.errors.coaching" }).optional(),
});

export const addPartSchema = z.object({
  revision: revisionField,
  kind: z.enum(["text", "video", "exercise"], { message: "modules.errors.kind" }),
  titleFr: requiredTitle,
  titleEn: draftText(trainingBounds.title),
  slug: typedSlug,
});

type Edit = (content: DraftContent) => DraftContent | { refused: ModuleRefusal };

function save(slug: string, revision: number, author: Author, edit: Edit): Promise<DraftSave<ModuleRefusal>> {
  return saveDraft(slug, { revision, authorId: author.id, lang: author.lang }, edit);
}

/**
 * The slug of a new item of `items` (a module, or a module's part): the typed one, or one made from
 * its French title; refused when the list is full, when no slug can be made, or when it is taken.
 */
function newSlug(
  items: { slug: string }[],
  input: { slug?: string; titleFr: string },
  max: number,
  refused: { full: ModuleRefusal; taken: ModuleRefusal },
): string | { refused: ModuleRefusal } {
  if (items.length >= max) return { refused: refused.full };
  const slug = input.slug || slugOf(input.titleFr);
  if (!slug) return { refused: "slugRequired" };
  if (items.some((item) => item.slug === slug)) return { refused: refused.taken };
  return slug;
}

/** `items` with the one of `slug` changed by `edit`; refused with `gone` when there is none. */
export function editedItem<Item extends { slug: string }>(
  items: Item[],
  slug: string,
  gone: ModuleRefusal,
  edit: (item: Item) => Item | { refused: ModuleRefusal },
): Item[] | { refused: ModuleRefusal } {
  const index = items.findIndex((item) => item.slug === slug);
  if (index === -1) return { refused: gone };
  const next = edit(items[index]);
  if ("refused" in next) return next;
  return items.map((item, at) => (at === index ? next : item));
}

export function addModule(training: string, input: z.infer<typeof addModuleSchema>, author: Author) {
  return save(training, input.revision, author, (content) => {
    const slug = newSlug(content.modules, input, trainingBounds.modules, {
      full: "tooManyModules",
      taken: "slugTaken",
    });
    if (typeof slug !== "string") return slug;
    const module: DraftModule = {
      slug,
      title: { fr: input.titleFr, en: input.titleEn },
      summary: { fr: "", en: "" },
      hours: 1,
      access: content.access,
      coaching: false,
      parts: [],
    };
    return { ...content, modules: [...content.modules, module] };
  });
}

export function moveModule(training: string, input: z.infer<typeof moveSchema>, author: Author) {
  return save(training, input.revision, author, (content) => {
    const index = content.modules.findIndex((module) => module.slug === input.slug);
    if (index === -1) return { refused: "moduleGone" };
    return { ...content, modules: moved(content.modules, index, input.direction) };
  });
}

export function removeModule(training: string, input: z.infer<typeof removeSchema>, author: Author) {
  return save(training, input.revision, author, (content) => {
    if (!content.modules.some((module) => module.slug === input.slug)) return { refused: "moduleGone" };
    return { ...content, modules: content.modules.filter((module) => module.slug !== input.slug) };
  });
}

/** Applies `edit` to the module `moduleSlug` of the draft (refused when it is gone). */
export function editModule(
  training: string,
  moduleSlug: string,
  revision: number,
  author: Author,
  edit: (module: DraftModule) => DraftModule | { refused: ModuleRefusal },
) {
  return save(training, revision, author, (content) => {
    const modules = editedItem(content.modules, moduleSlug, "moduleGone", edit);
    return "refused" in modules ? modules : { ...content, modules };
  });
}

export function saveModuleMeta(
  training: string,
  moduleSlug: string,
  input: z.infer<typeof moduleMetaSchema>,
  author: Author,
) {
  return editModule(training, moduleSlug, input.revision, author, (module) => ({
    ...module,
    title: { fr: input.titleFr, en: input.titleEn },
    summary: { fr: input.summaryFr, en: input.summaryEn },
    hours: input.hours,
    access: input.access,
    coaching: input.coaching === "on",
  }));
}

export function addPart(training: string, moduleSlug: string, input: z.infer<typeof addPartSchema>, author: Author) {
  return editModule(training, moduleSlug, input.revision, author, (module) => {
    const slug = newSlug(module.parts, input, trainingBounds.parts, { full: "tooManyParts", taken: "partSlugTaken" });
    if (typeof slug !== "string") return slug;
    const part: DraftPart = {
      slug,
      kind: input.kind,
      title: { fr: input.titleFr, en: input.titleEn },
      body: { fr: [], en: [] },
      ...(input.kind === "video" ? { video: { captions: {}, transcript: { fr: [], en: [] } } } : {}),
    };
    return { ...module, parts: [...module.parts, part] };
  });
}

export function movePart(training: string, moduleSlug: string, input: z.infer<typeof moveSchema>, author: Author) {
  return editModule(training, moduleSlug, input.revision, author, (module) => {
    const index = module.parts.findIndex((part) => part.slug === input.slug);
    if (index === -1) return { refused: "partGone" };
    return { ...module, parts: moved(module.parts, index, input.direction) };
  });
}

export function removePart(training: string, moduleSlug: string, input: z.infer<typeof removeSchema>, author: Author) {
  return editModule(training, moduleSlug, input.revision, author, (module) => {
    if (!module.parts.some((part) => part.slug === input.slug)) return { refused: "partGone" };
    return { ...module, parts: module.parts.filter((part) => part.slug !== input.slug) };
  });
}
