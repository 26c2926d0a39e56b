import type { Language } from "~/i18n/config";
import { type ImportError, readTrainingFile } from "./training-file.server";

/**
 * The author space's "check a file" (first slice): a training file read and checked as
 * an import would, stored nowhere. Its counts when it is valid, its mistakes (JSON paths) when not.
 */
export type FileCheck =
  | { ok: true; title: { fr: string; en: string }; modules: number; parts: number; questions: number }
  | { ok: false; errors: ImportError[] };

export function checkTrainingFile(bytes: Uint8Array, lang: Language): FileCheck {
  const read = readTrainingFile(bytes, lang);
  if (!read.ok) return read;
  const { content } = read;
  return {
    ok: true,
    title: content.title,
    modules: content.modules.length,
    parts: content.modules.reduce((sum, module) => sum + module.parts.length, 0),
    questions: content.modules.reduce((sum, module) => sum + (module.quiz?.questions.length ?? 0), 0),
  };
}
