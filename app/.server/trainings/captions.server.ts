import type { Language } from "~/i18n/config";
import { contentT } from "./content-messages.server";

/**
 * Captions (WebVTT) as an author uploads them and as the seed serves them from public/media/:
 * checked before they reach a member's <track>, and written back in one normal form.
 *
 * Accepted: UTF-8 (a BOM is dropped), LF, CRLF or CR line ends (written back as LF), the WEBVTT
 * header and its metadata lines (Kind:, Language:), cues with an optional identifier, timings
 * `hh:mm:ss.ttt --> hh:mm:ss.ttt` (or `mm:ss.ttt`, written back with hours) and the standard cue
 * settings, in order and without overlap, whose text holds only WebVTT's own tags.
 * NOTE blocks are comments no member sees: they are dropped. STYLE blocks are refused rather than
 * dropped: their CSS would restyle the captions and could fetch from other sites, and an author
 * whose styling vanished silently would not know why. REGION blocks (and `region:` settings) are
 * refused too: nothing in Cap lays captions out in regions.
 */
export const captionBounds = {
  /** An hour of dense captions is ~100 KB. */
  bytes: 512 * 1024,
  cues: 5_000,
  /** Characters per line: a caption line is ~40 to 80. */
  lineLength: 500,
  /** Lines: 5,000 cues of three lines and a blank one, and room to spare. */
  lines: 30_000,
  /** Mistakes listed before the check stops. */
  errors: 20,
} as const;

export type CaptionError = { line: number | null; message: string };
export type CaptionsCheck = { ok: true; text: string; cues: number } | { ok: false; errors: CaptionError[] };

type Problem = { line: number | null; key: string; values?: Record<string, string | number> };

const timestamp = /^(?:(\d{2}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const timingLine = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+(.*))?$/;
const cueSettings = [
  /^vertical:(?:rl|lr)$/,
  /^line:(?:-?\d+|\d{1,3}(?:\.\d+)?%)(?:,(?:start|center|end))?$/,
  /^position:\d{1,3}(?:\.\d+)?%(?:,(?:line-left|center|line-right))?$/,
  /^size:\d{1,3}(?:\.\d+)?%$/,
  /^align:(?:start|center|end|left|right)$/,
];
/** WebVTT's own span tags; `v` (a voice) and `lang` need their annotation. */
const openTag = /^(b|i|u|c|v|lang)((?:\.[A-Za-z0-9_-]+)*)(?:[ \t]+([^\n]*))?$/;
const closeTag = /^\/(b|i|u|c|v|lang)$/;
const languageTag = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;
// Control characters (C0, DEL, C1) but tab; line ends are split off before.
const controlCharacter = /[^\P{Cc}\t]/u;

/** Checks uploaded captions; answers their normal form, or the mistakes with their line in `lang`. */
export function checkCaptions(bytes: Uint8Array, lang: Language): CaptionsCheck {
  const decoded = decode(bytes);
  const parsed = "problems" in decoded ? decoded.problems : parse(decoded.text);
  if (Array.isArray(parsed)) return { ok: false, errors: explain(parsed, lang) };
  return { ok: true, ...parsed };
}

function decode(bytes: Uint8Array): { text: string } | { problems: Problem[] } {
  const max = captionBounds.bytes;
  if (bytes.byteLength > max) return { problems: [{ line: null, key: "tooLarge", values: { max: max / 1024 } }] };
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { problems: [{ line: null, key: "utf16" }] };
  if (bytes.includes(0)) return { problems: [{ line: null, key: "binary" }] };
  try {
    // fatal: a byte that is not UTF-8 is refused rather than shown as �; the BOM is dropped.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { problems: [{ line: null, key: "notUtf8" }] };
  }
}

type Line = { text: string; number: number };

function parse(source: string): { text: string; cues: number } | Problem[] {
  // Counted before splitting: half a megabyte of line ends would cost a request ~0.2 s to split.
  const lineEnds = Math.max(occurrences(source, "\n"), occurrences(source, "\r"));
  if (lineEnds >= captionBounds.lines)
    return [{ line: null, key: "tooManyLines", values: { max: captionBounds.lines } }];
  const problems: Problem[] = [];
  const lines: Line[] = source.split(/\r\n|\r|\n/).map((text, index) => ({ text, number: index + 1 }));
  for (const line of lines) {
    if (line.text.length > captionBounds.lineLength) {
      problems.push({
        line: line.number,
        key: "lineTooLong",
        values: { length: line.text.length, max: captionBounds.lineLength },
      });
      line.text = "";
    } else if (controlCharacter.test(line.text)) {
      problems.push({ line: line.number, key: "controlCharacter" });
    }
  }
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0].text)) return [{ line: 1, key: "missingHeader" }, ...problems];

  const blocks = blocksOf(lines);
  const header = blocks.shift() ?? [];
  const arrowInHeader = header.find((line) => line.text.includes("-->"));
  if (arrowInHeader) problems.push({ line: arrowInHeader.number, key: "headerNeedsBlankLine" });

  const out = [header.map((line) => line.text.trimEnd()).join("\n")];
  let cues = 0;
  let previous: { start: number; end: number } | undefined;
  for (const block of blocks) {
    if (problems.length > captionBounds.errors) break;
    const first = block[0];
    const keyword = /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.exec(first.text)?.[1];
    if (keyword === "NOTE") {
      const arrow = block.find((line) => line.text.includes("-->"));
      if (arrow) problems.push({ line: arrow.number, key: "noteWithArrow" });
      continue;
    }
    if (keyword === "STYLE" || keyword === "REGION") {
      problems.push({ line: first.number, key: keyword === "STYLE" ? "styleRefused" : "regionRefused" });
      continue;
    }
    if (++cues > captionBounds.cues) {
      problems.push({ line: first.number, key: "tooManyCues", values: { max: captionBounds.cues } });
      break;
    }
    const cue = parseCue(block, problems);
    if (!cue) continue;
    if (previous && cue.start < previous.start)
      problems.push({
        line: cue.timingLine,
        key: "outOfOrder",
        values: { start: format(cue.start), previous: format(previous.start) },
      });
    else if (previous && cue.start < previous.end)
      problems.push({
        line: cue.timingLine,
        key: "overlaps",
        values: { start: format(cue.start), previous: format(previous.end) },
      });
    previous = cue;
    out.push(cue.text);
  }
  if (problems.length > 0) return problems;
  return { text: `${out.join("\n\n")}\n`, cues };
}

function occurrences(text: string, character: string): number {
  let count = 0;
  for (let at = text.indexOf(character); at !== -1; at = text.indexOf(character, at + 1)) count++;
  return count;
}

/** Lines grouped into blocks, which blank lines separate. */
function blocksOf(lines: Line[]): Line[][] {
  const blocks: Line[][] = [];
  let current: Line[] = [];
  for (const line of lines) {
    if (line.text.trim() === "") {
      if (current.length > 0) blocks.push(current);
      current = [];
    } else current.push(line);
  }
  if (current.length > 0) blocks.push(current);
  return blocks;
}

type Cue = { start: number; end: number; timingLine: number; text: string };

function parseCue(block: Line[], problems: Problem[]): Cue | null {
  const hasIdentifier = !block[0].text.includes("-->");
  const timing = block[hasIdentifier ? 1 : 0];
  if (!timing?.text.includes("-->")) {
    problems.push({ line: (timing ?? block[0]).number, key: "missingTiming" });
    return null;
  }
  const match = timingLine.exec(timing.text.trim());
  if (!match) {
    problems.push({ line: timing.number, key: "missingTiming" });
    return null;
  }
  const [, startText, endText, settingsText = ""] = match;
  const start = milliseconds(startText);
  const end = milliseconds(endText);
  for (const [value, time] of [
    [startText, start],
    [endText, end],
  ] as const) {
    if (time === null)
      problems.push({ line: timing.number, key: "badTimestamp", values: { value: value.slice(0, 40) } });
  }
  const settings = settingsText.split(/[ \t]+/).filter(Boolean);
  for (const setting of settings) {
    if (!cueSettings.some((pattern) => pattern.test(setting)))
      problems.push({ line: timing.number, key: "badSetting", values: { value: setting.slice(0, 40) } });
  }
  const payload = block.slice(hasIdentifier ? 2 : 1);
  for (const line of payload) {
    if (line.text.includes("-->")) problems.push({ line: line.number, key: "arrowInText" });
    else checkMarkup(line, start ?? 0, end ?? Number.POSITIVE_INFINITY, problems);
  }
  if (start === null || end === null) return null;
  if (end <= start) {
    problems.push({ line: timing.number, key: "endBeforeStart", values: { start: format(start), end: format(end) } });
    return null;
  }
  const text = [
    ...(hasIdentifier ? [block[0].text.trim()] : []),
    [format(start), "-->", format(end), ...settings].join(" "),
    ...payload.map((line) => line.text.trimEnd()),
  ].join("\n");
  return { start, end, timingLine: timing.number, text };
}

/**
 * Everything between < and > must be one of WebVTT's own tags, properly nested within the line
 * (a tag left open closes at the cue's end, as WebVTT says); a literal < is written &lt;.
 */
function checkMarkup(line: Line, start: number, end: number, problems: Problem[]) {
  const open: string[] = [];
  const text = line.text;
  let at = text.indexOf("<");
  while (at !== -1) {
    const close = text.indexOf(">", at + 1);
    const next = text.indexOf("<", at + 1);
    if (close === -1 || (next !== -1 && next < close)) {
      problems.push({ line: line.number, key: "unclosedTag" });
      return;
    }
    const tag = text.slice(at + 1, close);
    const shown = `<${tag.slice(0, 30)}>`;
    const opening = openTag.exec(tag);
    const closing = closeTag.exec(tag);
    const time = timestamp.test(tag) ? milliseconds(tag) : null;
    if (opening) {
      const [, name, , annotation = ""] = opening;
      if (name === "v" && annotation.trim() === "")
        problems.push({ line: line.number, key: "tagNeedsAnnotation", values: { tag: shown } });
      else if (name === "lang" && !languageTag.test(annotation.trim()))
        problems.push({ line: line.number, key: "tagNeedsAnnotation", values: { tag: shown } });
      else if (name !== "v" && name !== "lang" && annotation.trim() !== "")
        problems.push({ line: line.number, key: "markupRefused", values: { tag: shown } });
      open.push(name);
    } else if (closing) {
      const innermost = open.pop();
      // A voice is often left open to the cue's end: </v> may close it from here.
      if (innermost !== undefined && innermost !== closing[1])
        problems.push({ line: line.number, key: "misnestedTag", values: { tag: shown } });
    } else if (time !== null) {
      if (time <= start || time >= end)
        problems.push({ line: line.number, key: "timestampOutside", values: { value: tag } });
    } else {
      problems.push({ line: line.number, key: "markupRefused", values: { tag: shown } });
    }
    at = next;
  }
}

function milliseconds(value: string): number | null {
  const match = timestamp.exec(value);
  if (!match) return null;
  const [, hours = "0", minutes, seconds, millis] = match;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis);
}

function format(ms: number): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(ms % 1000, 3)}`;
}

function explain(problems: Problem[], lang: Language): CaptionError[] {
  const t = contentT(lang);
  // In the order of the file's lines (a cue's text is checked before its timings are compared).
  const ordered = [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const listed = ordered.slice(0, captionBounds.errors).map(({ line, key, values }) => {
    const message = t(`captions.${key}`, values);
    return { line, message: line === null ? message : t("atLine", { line, message }) };
  });
  if (problems.length > captionBounds.errors)
    listed.push({ line: null, message: t("captions.tooManyErrors", { count: captionBounds.errors }) });
  return listed;
}
