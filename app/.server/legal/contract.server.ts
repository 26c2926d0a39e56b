import { z } from "zod";
import { translator } from "~/.server/i18n/i18n.server";
import { LEGAL_TEXT_MAX_CHARS, parseLegalText } from "~/content/legal-text";
import { richTextBounds } from "~/content/rich-text";
import type { Language } from "~/i18n/config";

/** A new version's form: both languages, each a whole page's text. */
const text = z
  .string({ required_error: "legal.errors.required" })
  .trim()
  .min(1, { message: "legal.errors.required" })
  .max(LEGAL_TEXT_MAX_CHARS, { message: "legal.errors.tooLong" });

export const versionSchema = z.object({ bodyFr: text, bodyEn: text });
export type VersionInput = z.infer<typeof versionSchema>;

/**
 * Each language's formatting mistakes, in the admin's language, with their line in the textarea
 * (the authors' words for the authors' formatting); none when both texts may be published.
 */
export async function versionProblems(input: VersionInput, lang: Language): Promise<Record<string, string[]>> {
  const t = await translator(lang, "author");
  const tooLong = await translator(lang, "admin");
  const errors: Record<string, string[]> = {};
  for (const name of ["bodyFr", "bodyEn"] as const) {
    const messages = parseLegalText(input[name])
      .problems.slice(0, 10)
      .map((problem) => {
        const message =
          problem.kind === "tooLong"
            ? tooLong("legal.errors.sectionTooLong", { max: richTextBounds.length })
            : problem.kind === "tooDeep"
              ? t("parts.richText.tooDeep", { max: richTextBounds.depth })
              : problem.kind === "tooManyItems"
                ? t("parts.richText.tooManyItems", { max: richTextBounds.items })
                : t("parts.richText.badLink", { target: problem.target.slice(0, 80) });
        return t("parts.richText.atLine", { line: problem.line, message });
      });
    if (messages.length) errors[name] = messages;
  }
  return errors;
}
