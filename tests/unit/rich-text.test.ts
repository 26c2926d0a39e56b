import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { readTrainingFiles } from "~/.server/trainings/seed.server";
import { RichText } from "~/components/presentational/rich-text";
import { parseRichText, richTextBounds } from "~/content/rich-text";
import { trainingContent } from "~/content/training-schema";

/** What a member's browser receives for an author's text. */
const html = (source: string) =>
  renderToStaticMarkup(createElement(RichText, { blocks: parseRichText(source).blocks }));
const problemsOf = (source: string) => parseRichText(source).problems.map((problem) => problem.kind);

/** The words a member reads: tags dropped, React's escapes read back. */
const wordsOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

const allowedTags = new Set(["p", "br", "em", "strong", "ul", "ol", "li", "a"]);
const allowedAttributes = new Set(["href", "rel", "start", "class"]);

/** Every element and attribute is one the formatting makes, every address one a member may follow. */
function expectSafe(markup: string) {
  for (const [, tag, attributes] of markup.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    expect(allowedTags, markup).toContain(tag);
    for (const [, name, value] of attributes.matchAll(/\s([^\s=]+)="([^"]*)"/g)) {
      expect(allowedAttributes, markup).toContain(name);
      if (name === "class") expect(value).toBe("rich-list");
    }
  }
  for (const [, href] of markup.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https?:\/\/[^/\\]|\/(?![/\\]))/);
}

describe("the authors' formatting", () => {
  it("shows plain text as one paragraph of the same words", () => {
    expect(html("Prenez une feuille et un stylo.")).toBe("<p>Prenez une feuille et un stylo.</p>");
  });

  it("makes emphasis with * or _, strong with **", () => {
    expect(html("Un *cap* clair, un _vrai_ **engagement**.")).toBe(
      "<p>Un <em>cap</em> clair, un <em>vrai</em> <strong>engagement</strong>.</p>",
    );
  });

  it("makes bulleted and numbered lists of the lines that start with - or 1.", () => {
    expect(html("Trois idées :\n- la famille\n- la liberté")).toBe(
      '<p>Trois idées :</p><ul class="rich-list"><li>la famille</li><li>la liberté</li></ul>',
    );
    expect(html("1. Rêvez\n2. Choisissez\n3. Engagez-vous")).toBe(
      '<ol class="rich-list"><li>Rêvez</li><li>Choisissez</li><li>Engagez-vous</li></ol>',
    );
    // A list that goes on after another paragraph keeps its numbers.
    expect(html("3. Le tri")).toBe('<ol class="rich-list" start="3"><li>Le tri</li></ol>');
    expect(html("- one\n1. two")).toBe(
      '<ul class="rich-list"><li>one</li></ul><ol class="rich-list"><li>two</li></ol>',
    );
  });

  it("links to the web with rel=noopener noreferrer, and to the site's own pages", () => {
    expect(html("Lisez [ce guide](https://example.org/guide?a=1&b=2#x).")).toBe(
      '<p>Lisez <a href="https://example.org/guide?a=1&amp;b=2#x" rel="noopener noreferrer">ce guide</a>.</p>',
    );
    expect(html("See [my commitments](/my_commitments).")).toBe(
      '<p>See <a href="/my_commitments">my commitments</a>.</p>',
    );
    expect(html("[Wiki](https://fr.wikipedia.org/wiki/Cap_(géographie))")).toBe(
      '<p><a href="https://fr.wikipedia.org/wiki/Cap_(g%C3%A9ographie)" rel="noopener noreferrer">Wiki</a></p>',
    );
  });

  it("breaks lines inside a paragraph and starts a new one after a blank line", () => {
    expect(html("first line\nsecond line\n\nnext paragraph")).toBe(
      "<p>first line<br/>second line</p><p>next paragraph</p>",
    );
    expect(html("a\r\nb")).toBe("<p>a<br/>b</p>");
  });

  it("nests formatting: strong in emphasis, emphasis in a link, in a list item", () => {
    expect(html("*un **grand** cap*")).toBe("<p><em>un <strong>grand</strong> cap</em></p>");
    expect(html("***both***")).toBe("<p><strong><em>both</em></strong></p>");
    expect(html("- **[le *guide*](/guide)**")).toBe(
      '<ul class="rich-list"><li><strong><a href="/guide">le <em>guide</em></a></strong></li></ul>',
    );
  });

  it("shows unmatched or spaced markers, brackets and words with underscores as they are", () => {
    for (const text of [
      "*a",
      "a*",
      "5 * 3 * 2",
      "snake_case_word",
      "« D’ici [date], je… »",
      "[label] (https://example.org)",
      "-item",
      "1.5 heures",
      "1234. too many digits",
      "** **",
      "_ a _",
    ]) {
      expect(wordsOf(html(text)), text).toBe(text);
      expect(html(text), text).not.toMatch(/<(em|strong|a|ul|ol)\b/);
    }
    expect(html("**a*")).toBe("<p>*<em>a</em></p>");
  });

  it("shows a marker after a backslash as it is", () => {
    expect(html("\\*pas d’emphase\\* et 1\\. pas de liste")).toBe("<p>*pas d’emphase* et 1. pas de liste</p>");
    expect(html("\\- not a list")).toBe("<p>- not a list</p>");
  });

  it("refuses formatting deeper than its bound, keeping the words", () => {
    expect(problemsOf("*a **b [c](/c) b** a*")).toEqual([]);
    const deep = "*a **b [c _d_ c](/c) b** a*";
    expect(problemsOf(deep)).toContain("tooDeep");
    // The deepest markers stay as typed.
    expect(wordsOf(html(deep))).toBe("a b c _d_ c b a");
  });

  it("refuses a list longer than its bound and a text longer than its bound", () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => `- item ${i}`).join("\n");
    expect(problemsOf(items(richTextBounds.items))).toEqual([]);
    expect(problemsOf(items(richTextBounds.items + 1))).toEqual(["tooManyItems"]);
    expect(problemsOf("a".repeat(richTextBounds.length))).toEqual([]);
    const long = `**${"a".repeat(richTextBounds.length)}**`;
    expect(problemsOf(long)).toEqual(["tooLong"]);
    expect(html(long)).toBe(`<p>${long}</p>`);
  });

  it("refuses a link whose address or label is missing, or too long", () => {
    for (const text of ["[](https://example.org)", "[x]()", "[x](https://example.org", "[x](https://example.org/ y)"]) {
      expect(problemsOf(text), text).toContain("badLink");
      expect(html(text), text).not.toContain("<a");
    }
    expect(problemsOf(`[x](https://example.org/${"a".repeat(richTextBounds.href)})`)).toEqual(["badLink"]);
  });
});

/** Hostile text, in French and in English sentences: nothing of it may become markup or a live address. */
const hostile: { text: string; link?: "refused" }[] = [
  { text: "Bonjour <script>alert('xss')</script> à tous" },
  { text: 'Hello <img src=x onerror="alert(1)"> there' },
  { text: "<a href=\"javascript:alert(1)\">clic</a> et <iframe src='//evil.example'></iframe>" },
  { text: '</p><p onclick="alert(1)">escaped?</p>' },
  { text: "[cliquez ici](javascript:alert(1))", link: "refused" },
  { text: "[click](JaVaScRiPt:alert(document.cookie))", link: "refused" },
  { text: "[x](javascript&#58;alert(1))", link: "refused" },
  { text: "[x](&#106;avascript:alert(1))", link: "refused" },
  { text: "[x](java\tscript:alert(1))", link: "refused" },
  { text: "[x](java script:alert(1))", link: "refused" },
  { text: "[x]( javascript:alert(1))", link: "refused" },
  { text: "[x](java\u200bscript:alert(1))", link: "refused" },
  { text: "[x](vbscript:msgbox(1))", link: "refused" },
  { text: "[image](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", link: "refused" },
  { text: "[x](//evil.example/path)", link: "refused" },
  { text: "[x](/\\evil.example)", link: "refused" },
  { text: "[x](https://user:secret@evil.example)", link: "refused" },
  { text: "[x](https:evil.example)", link: "refused" },
  { text: "[x](https://\u202eelpmaxe.live)", link: "refused" },
  { text: '[x](https://example.org/"onmouseover="alert(1))', link: "refused" },
  { text: "[x](mailto:someone@example.org)", link: "refused" },
  { text: "[x](example.org)", link: "refused" },
  { text: '[<b onmouseover="alert(1)">x</b>](https://example.org)' },
  { text: "**<script>**alert(1)**</script>**" },
  { text: "*unbalanced **markers _everywhere* ** _" },
  { text: "Texte \u202egauche à droite\u202c et z\u200be\u200dro\ufeff largeur" },
  { text: "- <li>item</li>\n1. <ol>\n- [x](javascript:alert(1))" },
];

describe("hostile text", () => {
  it.each(hostile)("renders $text as words only", ({ text, link }) => {
    const markup = html(text);
    expectSafe(markup);
    // Every word the author typed is still there, as text (markers and spaces aside).
    const words = (s: string) => s.replace(/[\s*_]/g, "");
    expect(words(wordsOf(markup))).toBe(
      words(text.replace(/^(- |\d\. )/gm, "").replace(/\[([^\]]*)\]\((https:\/\/example\.org)\)/, "$1")),
    );
    if (link === "refused") {
      expect(markup).not.toContain("<a");
      expect(problemsOf(text)).toContain("badLink");
    }
  });

  it("shows the invisible and right-to-left characters as text, not markup", () => {
    const markup = html("Texte \u202eevil\u202c fin");
    expect(markup).toBe("<p>Texte \u202eevil\u202c fin</p>");
  });

  it("turns 100 KB of markers into text without working hard", () => {
    for (const text of ["*".repeat(100_000), "_".repeat(100_000), "[".repeat(100_000), "*a ".repeat(33_000)]) {
      const started = performance.now();
      const markup = html(text);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(markup).toBe(`<p>${text}</p>`);
      expect(problemsOf(text)).toEqual(["tooLong"]);
    }
  });

  it("parses the longest text allowed, full of markers, without working hard", () => {
    for (const unit of ["*a ", "**a ", "_a ", "[a](", "\\*", "*"]) {
      const text = unit.repeat(Math.floor(richTextBounds.length / unit.length));
      const started = performance.now();
      expectSafe(html(text));
      expect(performance.now() - started, unit).toBeLessThan(500);
    }
  });
});

describe("the training files", () => {
  const files = readTrainingFiles();

  it("show every current paragraph with the same words", () => {
    for (const { content } of files) {
      for (const module of content.modules) {
        for (const part of module.parts) {
          for (const lang of ["fr", "en"] as const) {
            for (const paragraph of [...part.body[lang], ...(part.video?.transcript[lang] ?? [])]) {
              expect(parseRichText(paragraph).problems).toEqual([]);
              // The numbered steps become a list: their numbers are the list's, the words stay.
              expect(wordsOf(html(paragraph))).toBe(paragraph.replace(/^\d\. /gm, "").replace(/\n/g, ""));
            }
          }
        }
      }
    }
  });

  it("refuse a paragraph with a mistake, naming its place and line", () => {
    const training = structuredClone(files.find((file) => file.content.slug === "j-embarque")!.content);
    training.modules[0].parts[1].body.en[0] = "First line\nSee [the guide](javascript:alert(1))";
    const parsed = trainingContent.safeParse(training);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues).toEqual([
      expect.objectContaining({
        path: ["modules", 0, "parts", 1, "body", "en", 0],
        message: expect.stringMatching(/^line 2: a link needs a label and an address starting with https:\/\//),
      }),
    ]);
  });
});
