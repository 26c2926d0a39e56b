import { z } from "zod";
import { translator } from "~/.server/i18n/i18n.server";
import type { DraftContent } from "~/content/training-schema";
import { trainingBounds } from "~/content/training-schema";
import { parseRichText, type RichTextProblem, richTextBounds } from "~/content/rich-text";
import type { Language } from "~/i18n/config";
import type { ModuleRefusal } from "./contract.server";
import { editedItem, editModule } from "./modules.server";
import { draftText, revisionField } from "./training-meta.server";
import { uploadExists } from "~/.server/media/uploads.server";

/**
 * One part of a module as its author writes it: titles, and paragraphs in each
 * language typed in one textarea, a blank line between two paragraphs, in the authors' formatting
 * (content/rich-text.ts) — each mistake told with its line in the textarea. A video part adds its
 * address (https://, or an uploaded file) and its transcript; its files come through media.server.ts.
 */
type Author = { id: string; lang: Language };
type DraftPart = DraftContent["modules"][number]["parts"][number];
type DraftVideo = NonNullable<DraftPart["video"]>;

/** A textarea of paragraphs: all the paragraphs a list may hold, with a blank line between each. */
export const PARAGRAPHS_MAX_CHARS = trainingBounds.paragraphs * (trainingBounds.paragraph + 2);
const paragraphsField = draftText(PARAGRAPHS_MAX_CHARS);

export const partSchema = z.object({
  revision: revisionField,
  titleFr: draftText(trainingBounds.title),
  titleEn: draftText(trainingBounds.title),
  bodyFr: paragraphsField,
  bodyEn: paragraphsField,
  src: z.string().trim().max(trainingBounds.url, { message: "parts.errors.src" }).optional(),
  transcriptFr: paragraphsField,
  transcriptEn: paragraphsField,
});
export type PartInput = z.infer<typeof partSchema>;

type Problem = { line: number | null; key: string; values?: Record<string, string | number> };

/**
 * A textarea's paragraphs (blank lines between them; a line break inside one is kept), or its
 * problems: too many paragraphs, one too long, or a formatting mistake, each with its line.
 */
export function splitParagraphs(text: string): { paragraphs: string[]; problems: Problem[] } {
  const lines = text.split(/\r\n|\r|\n/);
  const groups: { start: number; lines: string[] }[] = [];
  let current: { start: number; lines: string[] } | null = null;
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") current = null;
    else {
      if (!current) {
        current = { start: index + 1, lines: [] };
        groups.push(current);
      }
      current.lines.push(line.trimEnd());
    }
  }
  const problems: Problem[] = [];
  if (groups.length > trainingBounds.paragraphs)
    problems.push({
      line: null,
      key: "tooManyParagraphs",
      values: { count: groups.length, max: trainingBounds.paragraphs },
    });
  const paragraphs = groups.map((group) => group.lines.join("\n"));
  for (const [index, paragraph] of paragraphs.entries()) {
    const start = groups[index].start;
    if (paragraph.length > trainingBounds.paragraph) {
      problems.push({
        line: start,
        key: "paragraphTooLong",
        values: { length: paragraph.length, max: trainingBounds.paragraph },
      });
      continue;
    }
    for (const problem of parseRichText(paragraph).problems) problems.push(located(problem, start));
  }
  return { paragraphs, problems };
}

function located(problem: RichTextProblem, start: number): Problem {
  const line = start + problem.line - 1;
  switch (problem.kind) {
    case "tooLong":
      return {
        line,
        key: "paragraphTooLong",
        values: { length: richTextBounds.length, max: trainingBounds.paragraph },
      };
    case "tooDeep":
      return { line, key: "tooDeep", values: { max: richTextBounds.depth } };
    case "tooManyItems":
      return { line, key: "tooManyItems", values: { max: richTextBounds.items } };
    case "badLink":
      return { line, key: "badLink", values: { target: problem.target.slice(0, 80) } };
  }
}

/** The textarea a list of paragraphs is shown in. */
export function paragraphsText(paragraphs: string[]): string {
  return paragraphs.join("\n\n");
}

export type PartCheck =
  | { ok: true; part: (part: DraftPart) => DraftPart }
  | { ok: false; fieldErrors: Record<string, string[]> };

/**
 * Checks what the part's form sent (formatting, a video's address) and answers the edit to make,
 * or each field's messages in the author's language (line-precise for paragraphs).
 */
export async function checkPart(input: PartInput, current: DraftPart, lang: Language): Promise<PartCheck> {
  const t = await translator(lang, "author");
  const fieldErrors: Record<string, string[]> = {};
  const texts = {} as Record<"bodyFr" | "bodyEn" | "transcriptFr" | "transcriptEn", string[]>;
  for (const name of ["bodyFr", "bodyEn", "transcriptFr", "transcriptEn"] as const) {
    const { paragraphs, problems } = splitParagraphs(input[name]);
    texts[name] = paragraphs;
    if (problems.length)
      fieldErrors[name] = problems.slice(0, 10).map(({ line, key, values }) => {
        const message = t(`parts.richText.${key}`, values);
        return line === null ? message : t("parts.richText.atLine", { line, message });
      });
  }
  let src: string | undefined;
  if (current.kind === "video" && input.src) {
    src = input.src;
    const known = src === current.video?.src;
    const https = /^https:\/\/[^\s]+$/.test(src) && URL.canParse(src) && new URL(src).hostname !== "";
    if (!known && !https && !(src.startsWith("/uploads/") && (await uploadExists(src))))
      fieldErrors.src = [t("parts.errors.src")];
  }
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  return {
    ok: true,
    part: (part) => {
      const next: DraftPart = {
        ...part,
        title: { fr: input.titleFr, en: input.titleEn },
        body: { fr: texts.bodyFr, en: texts.bodyEn },
      };
      if (part.kind !== "video") return next;
      const video: DraftVideo = {
        ...(part.video ?? { captions: {} }),
        transcript: { fr: texts.transcriptFr, en: texts.transcriptEn },
      };
      // Left empty, the field keeps an uploaded file (not shown in it) and drops an address.
      if (src) video.src = src;
      else if (!video.src?.startsWith("/")) delete video.src;
      return { ...next, video };
    },
  };
}

/** Applies `edit` to the part `partSlug` of the module (refused when either is gone). */
export function editPart(
  training: string,
  moduleSlug: string,
  partSlug: string,
  revision: number,
  author: Author,
  edit: (part: DraftPart) => DraftPart | { refused: ModuleRefusal },
) {
  return editModule(training, moduleSlug, revision, author, (module) => {
    const parts = editedItem(module.parts, partSlug, "partGone", edit);
    return "refused" in parts ? parts : { ...module, parts };
  });
}

/** Sets one of a video part's files (its address, poster or captions in one language). */
export function setVideoFile(
  training: string,
  moduleSlug: string,
  partSlug: string,
  revision: number,
  author: Author,
  file: { src: string } | { poster: string } | { captions: Language; url: string },
) {
  return editPart(training, moduleSlug, partSlug, revision, author, (part) => {
    if (part.kind !== "video") return { refused: "notVideo" };
    const video: DraftVideo = { ...(part.video ?? { captions: {}, transcript: { fr: [], en: [] } }) };
    if ("src" in file) video.src = file.src;
    else if ("poster" in file) video.poster = file.poster;
    else video.captions = { ...video.captions, [file.captions]: file.url };
    return { ...part, video };
  });
}

/** Which of a video part's files a "remove" button names. */
export const clearFileSchema = z.object({
  revision: revisionField,
  which: z.enum(["video", "poster", "captions-fr", "captions-en"], { message: "media.errors.which" }),
});

/** Takes one of a video part's files out of the draft (the upload stays: a published version may name it). */
export function clearVideoFile(
  training: string,
  moduleSlug: string,
  partSlug: string,
  input: z.infer<typeof clearFileSchema>,
  author: Author,
) {
  return editPart(training, moduleSlug, partSlug, input.revision, author, (part) => {
    if (part.kind !== "video" || !part.video) return { refused: "notVideo" };
    const video: DraftVideo = { ...part.video, captions: { ...part.video.captions } };
    if (input.which === "video") delete video.src;
    else if (input.which === "poster") delete video.poster;
    else delete video.captions[input.which === "captions-fr" ? "fr" : "en"];
    return { ...part, video };
  });
}
