/**
 * The authors' formatting of training text (paragraphs, exercise instructions, transcripts):
 * `*emphasis*` or `_emphasis_`, `**strong**`, lines starting `- ` (bullets) or `1. ` (numbers),
 * `[label](https://…)` or `[label](/path)`, a line break inside a paragraph, a blank line between
 * paragraphs, `\` before a marker to show it as it is.
 *
 * The text is parsed into a small typed tree that React renders (components/presentational/
 * rich-text.tsx): no HTML is ever built from an author's text, and a link whose address is not
 * http(s) or a path of this site stays text. The seed's schema refuses a text with problems;
 * the tree of such a text is still safe to show.
 */

export type RichInline =
  | { type: "text"; text: string }
  | { type: "break" }
  | { type: "emphasis"; children: RichInline[] }
  | { type: "strong"; children: RichInline[] }
  | { type: "link"; href: string; external: boolean; children: RichInline[] };

export type RichBlock =
  | { type: "paragraph"; children: RichInline[] }
  | { type: "list"; ordered: boolean; start: number; items: RichInline[][] };

export type RichTextProblem =
  | { kind: "tooLong"; line: number }
  | { kind: "tooDeep"; line: number }
  | { kind: "tooManyItems"; line: number }
  | { kind: "badLink"; line: number; target: string };

export const richTextBounds = {
  /** Characters in one text (a paragraph string of the training file). */
  length: 5000,
  /** Formatting inside formatting: a link in strong in emphasis, and no deeper. */
  depth: 3,
  /** Items of one list. */
  items: 50,
  /** Characters of a link's address. */
  href: 2000,
};

const bullet = /^- (.*)$/;
const numbered = /^(\d{1,3})\. (.*)$/;
/** Characters a backslash shows as they are. */
const escapable = new Set(["\\", "*", "_", "[", "]", "(", ")", "-", "."]);
const space = /\s/u;
const wordChar = /[\p{L}\p{N}]/u;

export function parseRichText(source: string): { blocks: RichBlock[]; problems: RichTextProblem[] } {
  const lines = source.split(/\r\n|\r|\n/);
  // Too long to be an author's paragraph: refused by the schema, shown as plain lines here, so
  // that no caller's text makes the parser work more than its bound.
  if (source.length > richTextBounds.length) {
    const children = lines.flatMap((line, index): RichInline[] =>
      index === 0 ? [{ type: "text", text: line }] : [{ type: "break" }, { type: "text", text: line }],
    );
    return { blocks: [{ type: "paragraph", children }], problems: [{ kind: "tooLong", line: 1 }] };
  }

  const blocks: RichBlock[] = [];
  const problems: RichTextProblem[] = [];
  let current: RichBlock | null = null;
  for (const [index, line] of lines.entries()) {
    const at = index + 1;
    if (line.trim() === "") {
      current = null;
      continue;
    }
    const number = numbered.exec(line);
    const item = number ? { ordered: true, text: number[2] } : { ordered: false, text: bullet.exec(line)?.[1] };
    if (item.text !== undefined) {
      const { ordered, text } = item;
      if (current?.type !== "list" || current.ordered !== ordered) {
        current = { type: "list", ordered, start: number ? Number(number[1]) : 1, items: [] };
        blocks.push(current);
      }
      if (current.items.length === richTextBounds.items) problems.push({ kind: "tooManyItems", line: at });
      current.items.push(new InlineParser(text, at, problems).parse());
      continue;
    }
    const inline = new InlineParser(line, at, problems).parse();
    if (current?.type === "paragraph") {
      current.children.push({ type: "break" }, ...inline);
    } else {
      current = { type: "paragraph", children: inline };
      blocks.push(current);
    }
  }
  return { blocks, problems };
}

/** The blocks of several paragraphs (a part's body, a transcript), one after the other. */
export function richParagraphs(paragraphs: string[]): RichBlock[] {
  return paragraphs.flatMap((paragraph) => parseRichText(paragraph).blocks);
}

/** What a problem says in the seed's error (the author space will translate the kinds). */
export function describeProblem(problem: RichTextProblem): string {
  switch (problem.kind) {
    case "tooLong":
      return `a text holds ${richTextBounds.length} characters at most`;
    case "tooDeep":
      return `line ${problem.line}: formatting goes ${richTextBounds.depth} levels deep at most`;
    case "tooManyItems":
      return `line ${problem.line}: a list holds ${richTextBounds.items} items at most`;
    case "badLink":
      return `line ${problem.line}: a link needs a label and an address starting with https://, http:// or a single / (not "${problem.target.slice(0, 80)}")`;
  }
}

/**
 * The address a link may have, or null: http(s) with a host and no credentials, or a path on this
 * site (a single "/", never "//" or "/\", which browsers read as another host). Any other scheme
 * (javascript:, data:, …), whitespace, a control or invisible character refuses the address.
 */
export function safeHref(target: string): { href: string; external: boolean } | null {
  if (target.length === 0 || target.length > richTextBounds.href) return null;
  if (/[\s\p{C}\\<>"`]/u.test(target)) return null;
  if (/^https?:\/\//i.test(target)) {
    if (!URL.canParse(target)) return null;
    const url = new URL(target);
    if (!url.hostname || url.username || url.password) return null;
    return { href: url.href, external: true };
  }
  if (target.startsWith("/") && !target.startsWith("//")) {
    const url = new URL(target, "https://cap.invalid");
    if (url.origin !== "https://cap.invalid") return null;
    return { href: url.pathname + url.search + url.hash, external: false };
  }
  return null;
}

/**
 * One line's emphasis, strong and links. Markers follow CommonMark's spirit, simplified: an opener
 * is followed by a non-space, a closer preceded by one, `_` never inside a word; an unmatched
 * marker is text. Each search for a closer that failed is remembered, so that no line of markers
 * makes the parser quadratic.
 */
class InlineParser {
  private readonly failed = new Set<string>();

  constructor(
    private readonly s: string,
    private readonly line: number,
    private readonly problems: RichTextProblem[],
    private readonly depth = 0,
  ) {}

  parse(): RichInline[] {
    const { s } = this;
    const nodes: RichInline[] = [];
    let text = "";
    const push = (node: RichInline) => {
      if (text) nodes.push({ type: "text", text });
      text = "";
      nodes.push(node);
    };
    let i = 0;
    while (i < s.length) {
      const ch = s[i];
      if (ch === "\\" && escapable.has(s[i + 1])) {
        text += s[i + 1];
        i += 2;
      } else if (ch === "*" || ch === "_") {
        const run = this.runLength(i);
        const strong = ch === "*" && run >= 2 ? this.span(i, 2) : null;
        if (strong) {
          push(strong.node);
          i = strong.next;
          continue;
        }
        // "**a*": the first star is text, the second may open an emphasis.
        if (ch === "*" && run >= 2) {
          text += ch;
          i += 1;
          continue;
        }
        const emphasis = run === 1 ? this.span(i, 1) : null;
        if (emphasis) {
          push(emphasis.node);
          i = emphasis.next;
        } else {
          text += s.slice(i, i + run);
          i += run;
        }
      } else if (ch === "[") {
        const link = this.link(i);
        if (link?.node) push(link.node);
        else text += link ? s.slice(i, link.next) : ch;
        i = link?.next ?? i + 1;
      } else {
        text += ch;
        i += 1;
      }
    }
    if (text) nodes.push({ type: "text", text });
    return nodes;
  }

  private runLength(i: number) {
    let end = i;
    while (this.s[end] === this.s[i]) end += 1;
    return end - i;
  }

  /** `*x*`, `_x_` or `**x**` opening at `i`: the node and where the text goes on, or null. */
  private span(i: number, size: 1 | 2): { node: RichInline; next: number } | null {
    const { s } = this;
    const marker = s[i];
    const first = s[i + size];
    if (first === undefined || space.test(first)) return null;
    if (marker === "_" && i > 0 && wordChar.test(s[i - 1])) return null;
    const close = this.closer(i + size, marker, size);
    if (close < 0) return null;
    if (this.depth >= richTextBounds.depth) {
      this.problems.push({ kind: "tooDeep", line: this.line });
      return null;
    }
    const children = this.inner(s.slice(i + size, close));
    return { node: { type: size === 2 ? "strong" : "emphasis", children }, next: close + size };
  }

  /** Where the closer of a `marker` × `size` opened just before `from` starts, or -1. */
  private closer(from: number, marker: string, size: 1 | 2): number {
    const key = `${marker}${size}`;
    if (this.failed.has(key)) return -1;
    const { s } = this;
    let k = from;
    while (k < s.length) {
      if (s[k] === "\\") {
        k += 2;
        continue;
      }
      if (s[k] !== marker) {
        k += 1;
        continue;
      }
      const run = this.runLength(k);
      const after = s[k + run];
      const closes =
        k > from && !space.test(s[k - 1]) && (marker !== "_" || after === undefined || !wordChar.test(after));
      // A run closes with its last markers: "***x***" is strong around an emphasis.
      if (closes && size === 2 && run >= 2) return k + run - 2;
      if (closes && size === 1 && run % 2 === 1) return k + run - 1;
      k += run;
    }
    // Searches only move forward: one that found nothing from here finds nothing further on.
    this.failed.add(key);
    return -1;
  }

  /**
   * `[label](address)` at `i`: a link; the whole of it as text (with a problem) when the address
   * is not one a member may follow; null when the bracket opens no link ("[date]").
   */
  private link(i: number): { node: RichInline | null; next: number } | null {
    const { s } = this;
    let j = i + 1;
    while (j < s.length && s[j] !== "]" && s[j] !== "[") j += s[j] === "\\" ? 2 : 1;
    if (s[j] !== "]" || s[j + 1] !== "(") return null;
    // The address ends at its own closing parenthesis: balanced ones stay in it (Wikipedia's).
    let m = j + 2;
    let open = 0;
    while (m < s.length && !(s[m] === ")" && open === 0)) {
      if (s[m] === "(") open += 1;
      if (s[m] === ")") open -= 1;
      m += 1;
    }
    const target = s.slice(j + 2, m);
    const next = Math.min(m + 1, s.length);
    const label = s.slice(i + 1, j);
    const safe = m < s.length && label.trim() !== "" ? safeHref(target) : null;
    if (!safe) {
      this.problems.push({ kind: "badLink", line: this.line, target });
      return { node: null, next };
    }
    if (this.depth >= richTextBounds.depth) {
      this.problems.push({ kind: "tooDeep", line: this.line });
      return { node: null, next };
    }
    return { node: { type: "link", ...safe, children: this.inner(label) }, next };
  }

  private inner(text: string): RichInline[] {
    return new InlineParser(text, this.line, this.problems, this.depth + 1).parse();
  }
}
