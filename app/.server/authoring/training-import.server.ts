import { readDraft, saveDraft, createDraft } from "./drafts.server";
import { type ImportError, readTrainingFile } from "~/.server/trainings/training-file.server";
import { draftContent } from "~/content/training-schema";
import type { Language } from "~/i18n/config";
import { reservedSlugs } from "./training-create.server";

/**
 * Import and export of a draft: a training's file (the repository's format,
 * app/content/trainings/<slug>.json) replaces a draft, or starts a new training's draft. The file
 * is read as the seed reads it (readTrainingFile: 512 KB, UTF-8, JSON, the complete schema); a
 * broken one is refused with the path of each mistake, and nothing changes.
 */
export type ImportOutcome =
  | { ok: true; slug: string }
  | { ok: false; error: "broken"; problems: ImportError[] }
  | { ok: false; error: "wrongSlug"; file: string }
  | { ok: false; error: "taken" | "reserved" | "notFound" | "stale"; file?: string };

type Author = { authorId: string; lang: Language };

/** The file replaces the draft `slug` (read at `revision`): it must be that training's file. */
export async function importIntoDraft(
  slug: string,
  bytes: Uint8Array,
  { revision, authorId, lang }: Author & { revision: number },
): Promise<ImportOutcome> {
  const read = readTrainingFile(bytes, lang);
  if (!read.ok) return { ok: false, error: "broken", problems: read.errors };
  if (read.content.slug !== slug) return { ok: false, error: "wrongSlug", file: read.content.slug };
  const save = await saveDraft(slug, { revision, authorId, lang, audited: "training.imported" }, () => read.content);
  if (save.ok) return { ok: true, slug };
  if (save.error === "invalid") return { ok: false, error: "broken", problems: save.problems };
  if (save.error === "refused") return { ok: false, error: "broken", problems: [] };
  return { ok: false, error: save.error };
}

/** The file starts a new training's draft, under the file's own slug (which must be free). */
export async function importNewTraining(bytes: Uint8Array, { authorId, lang }: Author): Promise<ImportOutcome> {
  const read = readTrainingFile(bytes, lang);
  if (!read.ok) return { ok: false, error: "broken", problems: read.errors };
  const slug = read.content.slug;
  if ((reservedSlugs as readonly string[]).includes(slug)) return { ok: false, error: "reserved", file: slug };
  const created = await createDraft(read.content, authorId, lang, "training.imported");
  if (created.ok) return { ok: true, slug };
  if (created.error === "invalid") return { ok: false, error: "broken", problems: created.problems };
  return { ok: false, error: "taken", file: slug };
}

/**
 * The draft `slug` as a file, unfinished parts and all (the published one is file.json): the
 * files' layout, two spaces and a final newline; null when there is no such draft.
 */
export async function draftFile(slug: string): Promise<string | null> {
  const draft = await readDraft(slug);
  if (!draft) return null;
  // Parsed again: jsonb keeps no key order, the schema gives the files' order back.
  return `${JSON.stringify(draftContent.parse(draft.content), null, 2)}\n`;
}
