import type { ModuleProgress, TrainingProgress } from "~/.server/trainings/catalogue.server";
import type { Draft } from "./drafts.server";
import { contentProblems } from "~/.server/trainings/training-file.server";
import { moduleCard, moduleView, trainingCard } from "~/.server/trainings/views.server";
import { type DraftContent, type TrainingContent, trainingContent } from "~/content/training-schema";
import type { Language } from "~/i18n/config";

/**
 * The author's preview: a DRAFT as a member who has not started it would see it,
 * through the members' own views (views.server.ts) and components. Nothing is read of or written
 * for any member. What the draft still lacks is marked in the page (`missing`, in the previewed
 * language) and listed with its path (what publishing would refuse, in the author's language).
 */
export type PreviewOptions = { lang: Language; authorLang: Language; missing: string; width?: "phone" | "full" };

/** What the draft lacks before it can be published: each mistake with its path. */
export function missingPieces(content: DraftContent, authorLang: Language) {
  const checked = trainingContent.safeParse(content);
  return checked.success ? [] : contentProblems(checked.error.issues, content, authorLang);
}

/** Every text of `lang` left empty becomes the `missing` mark; every empty list of paragraphs, one. */
function marked<Value>(value: Value, lang: Language, missing: string): Value {
  if (Array.isArray(value)) return value.map((item) => marked(item, lang, missing)) as Value;
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 2 && "fr" in record && "en" in record) {
    const text = record[lang];
    if (text === "") return { ...record, [lang]: missing } as Value;
    if (Array.isArray(text) && text.length === 0) return { ...record, [lang]: [missing] } as Value;
    return value;
  }
  return Object.fromEntries(keys.map((key) => [key, marked(record[key], lang, missing)])) as Value;
}

/** The draft as the catalogue would give it to a member who has not started it. */
function asProgress(draft: Draft, { lang, missing }: PreviewOptions): TrainingProgress {
  // Empty texts are marked: the shape is the complete schema's but for what the list of missing pieces names.
  const content = marked(draft.content, lang, missing) as TrainingContent;
  const modules: ModuleProgress[] = content.modules.map((module) => ({
    id: module.slug,
    content: module,
    readParts: new Set<string>(),
    lastSubmission: null,
    completed: false,
    state: "not_started",
  }));
  return {
    id: draft.slug,
    // A draft is no version: nothing a member answered points at it.
    versionId: null,
    content,
    unlocked: true,
    state: "not_started",
    percent: 0,
    hours: modules.reduce((sum, module) => sum + module.content.hours, 0),
    modules,
    // A draft may have no module yet: the page then offers none to start.
    nextModule: modules[0] as ModuleProgress,
  };
}

const previewBase = (slug: string) => `/author/trainings/${slug}/preview`;

/** Where the preview's links lead (the previewed language kept). */
export function previewPath(slug: string, lang: Language, module?: string, width: "phone" | "full" = "phone") {
  return `${previewBase(slug)}${module ? `/${module}` : ""}?lang=${lang}&width=${width}`;
}

/** The training's page, previewed. */
export function trainingPreview(draft: Draft, options: PreviewOptions) {
  const training = asProgress(draft, options);
  const firstModule = training.modules[0];
  const card = {
    ...trainingCard(
      { ...training, nextModule: firstModule ?? ({ content: { slug: "" } } as ModuleProgress) },
      options.lang,
    ),
    actionPath: firstModule ? previewPath(draft.slug, options.lang, firstModule.content.slug, options.width) : "#",
  };
  return {
    training: card,
    modules: training.modules.map((module) => ({
      ...moduleCard(training, module, options.lang),
      path: previewPath(draft.slug, options.lang, module.content.slug, options.width),
    })),
    missing: missingPieces(draft.content, options.authorLang),
  };
}

/** A module's page, previewed; null when the draft has no such module. */
export function modulePreview(draft: Draft, moduleSlug: string, options: PreviewOptions) {
  const training = asProgress(draft, options);
  const module = training.modules.find((m) => m.content.slug === moduleSlug);
  if (!module) return null;
  return {
    module: moduleView({ ...training, nextModule: module }, module, options.lang),
    missing: missingPieces(draft.content, options.authorLang),
  };
}
