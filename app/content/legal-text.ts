import { parseRichText, type RichBlock, type RichTextProblem } from "./rich-text";

/**
 * A legal page's text as the operator writes it: the authors' formatting (rich-text.ts), with a
 * line `## Title` opening each section. Each section's text keeps the authors' bound, so that a
 * long policy is many sections, never one text the parser would refuse.
 */
export type LegalSection = { heading: string | null; blocks: RichBlock[] };

/** A whole page's characters: ample for a policy, bounded before any parsing. */
export const LEGAL_TEXT_MAX_CHARS = 60_000;

const heading = /^## (.*)$/;

/** The sections of a text, and its problems each with its line in the whole text. */
export function parseLegalText(source: string): { sections: LegalSection[]; problems: RichTextProblem[] } {
  const sections: LegalSection[] = [];
  const problems: RichTextProblem[] = [];
  let current: { heading: string | null; start: number; lines: string[] } = { heading: null, start: 1, lines: [] };
  const close = () => {
    const text = current.lines.join("\n");
    const parsed = parseRichText(text);
    for (const problem of parsed.problems)
      problems.push({
        ...problem,
        line: problem.kind === "tooLong" ? current.start : current.start + problem.line - 1,
      });
    if (current.heading !== null || parsed.blocks.length > 0)
      sections.push({ heading: current.heading, blocks: parsed.blocks });
  };
  for (const [index, line] of source.split(/\r\n|\r|\n/).entries()) {
    const title = heading.exec(line);
    if (!title) {
      current.lines.push(line);
      continue;
    }
    close();
    current = { heading: title[1].trim(), start: index + 2, lines: [] };
  }
  close();
  return { sections, problems };
}
