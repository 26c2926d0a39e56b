import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { captionBounds, checkCaptions, type CaptionsCheck } from "~/.server/trainings/captions.server";

const bytes = (text: string) => new TextEncoder().encode(text);
const check = (text: string, lang: "fr" | "en" = "fr") => checkCaptions(bytes(text), lang);

function errorsOf(result: CaptionsCheck) {
  if (result.ok) throw new Error(`expected a refusal, got:\n${result.text}`);
  return result.errors;
}

const cue = (start: string, end: string, text: string) => `${start} --> ${end}\n${text}\n`;

describe("captions: files authors upload", () => {
  const seeded = readdirSync("public/media").filter((name) => name.endsWith(".vtt"));

  it.each(seeded)("public/media/%s passes and is already in normal form", (name) => {
    const file = readFileSync(`public/media/${name}`);
    const result = checkCaptions(file, "fr");
    expect(result).toEqual({ ok: true, text: file.toString("utf8"), cues: 9 });
  });

  it("takes a BOM, CRLF line ends, minutes-only timings and WebVTT's own tags, and writes them in one form", () => {
    const source = [
      "\ufeffWEBVTT - Bienvenue",
      "Kind: captions",
      "",
      "NOTE relu par Ana",
      "",
      "intro",
      "00:01.000 --> 00:04.500 align:center line:90%",
      "<v Ana>Bonjour, <i>bienvenue</i> à <c.yellow.loud>bord</c>.",
      "<lang en>Welcome</lang> <00:02.000>aboard &lt;3",
      "",
      "01:02:03.004 --> 01:02:05.000",
      "Fin",
      "",
    ].join("\r\n");
    expect(check(source)).toEqual({
      ok: true,
      cues: 2,
      text: [
        "WEBVTT - Bienvenue",
        "Kind: captions",
        "",
        "intro",
        "00:00:01.000 --> 00:00:04.500 align:center line:90%",
        "<v Ana>Bonjour, <i>bienvenue</i> à <c.yellow.loud>bord</c>.",
        "<lang en>Welcome</lang> <00:02.000>aboard &lt;3",
        "",
        "01:02:03.004 --> 01:02:05.000",
        "Fin",
        "",
      ].join("\n"),
    });
  });

  it("says each mistake with its line, in French or in English", () => {
    const source = `WEBVTT\n\n${cue("00:00:05.000", "00:00:02.000", "Trop tard")}`;
    expect(errorsOf(check(source, "fr"))).toEqual([
      { line: 3, message: "ligne 3 : la fin (00:00:02.000) doit venir après le début (00:00:05.000)" },
    ]);
    expect(errorsOf(check(source, "en"))).toEqual([
      { line: 3, message: "line 3: the end (00:00:02.000) must come after the start (00:00:05.000)" },
    ]);
  });
});

describe("captions: hostile or broken files are refused", () => {
  it.each([
    ["<script>alert(1)</script>", "<script>"],
    ['<img src=x onerror="alert(1)">', "<img src=x onerror="],
    ['<a href="javascript:alert(1)">clic</a>', "<a href="],
    ["<b onclick=alert(1)>gras</b>", "<b onclick=alert(1)>"],
    ["<i style=color:red>x</i>", "<i style=color:red>"],
    ["<iframe src=//evil.example>", "<iframe src=//evil.example>"],
    ["<svg/onload=alert(1)>", "<svg/onload=alert(1)>"],
    ["<style>::cue{background:url(//evil.example)}</style>", "<style>"],
  ])("markup in a cue: %s", (markup, shown) => {
    const errors = errorsOf(check(`WEBVTT\n\n${cue("00:00:01.000", "00:00:02.000", `Bonjour ${markup}`)}`));
    expect(errors[0].line).toBe(4);
    expect(errors[0].message).toContain(`« ${shown.slice(0, 32)}`);
    expect(errors[0].message).toContain("balise non autorisée");
  });

  it("a lone < is refused with the way to write it", () => {
    const errors = errorsOf(check(`WEBVTT\n\n${cue("00:00:01.000", "00:00:02.000", "a < b")}`));
    expect(errors).toEqual([{ line: 4, message: "ligne 4 : balise non fermée : écrivez &lt; pour le signe <" }]);
  });

  it("a voice without its name, a language that is not one, a timestamp outside its cue", () => {
    const errors = errorsOf(
      check(`WEBVTT\n\n${cue("00:00:01.000", "00:00:02.000", "<v>Ana</v>\n<lang <x>>y\n<00:00:03.000>tard")}`),
    );
    expect(errors.map((error) => error.line)).toEqual([4, 5, 6]);
    expect(errors[2].message).toContain("00:00:03.000 doit être entre le début et la fin");
  });

  it("a STYLE block is refused, saying why; so is a REGION block", () => {
    const errors = errorsOf(
      check("WEBVTT\n\nSTYLE\n::cue { background: url(https://tracker.example/x.png) }\n\nREGION\nid:fred\n"),
    );
    expect(errors).toEqual([
      { line: 3, message: expect.stringMatching(/^ligne 3 : les blocs STYLE ne sont pas acceptés : leur CSS/) },
      { line: 6, message: expect.stringMatching(/^ligne 6 : les blocs REGION ne sont pas acceptés/) },
    ]);
  });

  it("a missing header", () => {
    expect(errorsOf(check(cue("00:00:01.000", "00:00:02.000", "Bonjour")))).toEqual([
      { line: 1, message: "ligne 1 : un fichier WebVTT commence par la ligne « WEBVTT »" },
    ]);
    expect(errorsOf(check("WEBVTTX\n"))[0].line).toBe(1);
    expect(errorsOf(check(""))[0].line).toBe(1);
  });

  it("a cue right under the header, without the blank line", () => {
    expect(errorsOf(check(`WEBVTT\n${cue("00:00:01.000", "00:00:02.000", "Bonjour")}`))[0]).toEqual({
      line: 2,
      message: "ligne 2 : une ligne vide doit séparer l’en-tête « WEBVTT » du premier sous-titre",
    });
  });

  it("bad timings: malformed, out of order, overlapping, a cue with no timing", () => {
    const source = [
      "WEBVTT",
      "",
      cue("00:00:01.000", "00:00:60.000", "Soixante secondes"),
      cue("1:00.000", "00:01:02.000", "Une heure sans zéro"),
      cue("00:00:10.000", "00:00:12.000", "Dix"),
      cue("00:00:11.000", "00:00:13.000", "Chevauche"),
      cue("00:00:05.000", "00:00:06.000", "Avant dix"),
      cue("00:00:20.000", "00:00:21.000 colour:red", "Réglage"),
      "sans horaire\nBonjour\n",
    ].join("\n");
    const errors = errorsOf(check(source, "en"));
    expect(errors).toEqual([
      { line: 3, message: "line 3: invalid time “00:00:60.000”: expected hh:mm:ss.ttt or mm:ss.ttt" },
      { line: 6, message: "line 6: invalid time “1:00.000”: expected hh:mm:ss.ttt or mm:ss.ttt" },
      { line: 12, message: "line 12: this cue starts (00:00:11.000) before the previous one ends (00:00:12.000)" },
      {
        line: 15,
        message: "line 15: this cue starts (00:00:05.000) before the previous one (00:00:11.000): put them in order",
      },
      { line: 18, message: "line 18: unknown or invalid cue setting “colour:red”" },
      { line: 22, message: "line 22: timings expected: “00:00:01.000 --> 00:00:04.000”" },
    ]);
  });

  it("cues whose text holds --> (a blank line forgotten) and a NOTE that does", () => {
    const errors = errorsOf(
      check(`WEBVTT\n\nNOTE a --> b\n\n${cue("00:00:01.000", "00:00:02.000", "Un\n00:00:02.000 --> 00:00:03.000")}`),
    );
    expect(errors.map((error) => error.line)).toEqual([3, 7]);
  });

  it("huge lines, huge files and too many cues", () => {
    const long = "a".repeat(captionBounds.lineLength + 1);
    expect(errorsOf(check(`WEBVTT\n\n${cue("00:00:01.000", "00:00:02.000", long)}`))).toEqual([
      { line: 4, message: "ligne 4 : ligne trop longue (501 caractères, 500 au plus)" },
    ]);
    expect(errorsOf(check(`WEBVTT\n\n${"Bonjour\n".repeat(70_000)}`))).toEqual([
      { line: null, message: "le fichier de sous-titres dépasse 512 Ko" },
    ]);
    expect(errorsOf(check(`WEBVTT${"\r\n".repeat(captionBounds.lines)}`))).toEqual([
      { line: null, message: "le fichier dépasse 30000 lignes" },
    ]);
    const many = Array.from({ length: captionBounds.cues + 1 }, (_, i) => {
      const at = (ms: number) => new Date(ms).toISOString().slice(11, 23);
      return cue(at(i * 100), at(i * 100 + 50), "x");
    });
    expect(errorsOf(check(`WEBVTT\n\n${many.join("\n")}`))).toEqual([
      // Three lines a cue: its timing, its text, a blank line.
      { line: 3 + 3 * captionBounds.cues, message: "ligne 15003 : trop de sous-titres : 5000 au plus" },
    ]);
  });

  it("binary, UTF-16 with or without a BOM, Latin-1 and control characters", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(errorsOf(checkCaptions(png, "fr"))).toEqual([{ line: null, message: "ce n’est pas un fichier texte" }]);
    const utf16 = Buffer.from("\ufeffWEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBonjour\n", "utf16le");
    expect(errorsOf(checkCaptions(utf16, "fr"))[0].message).toBe("le fichier est en UTF-16 : enregistrez-le en UTF-8");
    expect(errorsOf(checkCaptions(utf16.subarray(2), "fr"))[0].message).toBe("ce n’est pas un fichier texte");
    const latin1 = Buffer.from("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nÉté\n", "latin1");
    expect(errorsOf(checkCaptions(latin1, "en"))).toEqual([
      { line: null, message: "the file is not UTF-8: save it as UTF-8" },
    ]);
    expect(errorsOf(check(`WEBVTT\n\n${cue("00:00:01.000", "00:00:02.000", "Bip\u0007 \u001b[31m")}`))).toEqual([
      { line: 4, message: "ligne 4 : caractère de contrôle invisible non autorisé" },
    ]);
  });

  it("lists the first mistakes only, and says there are more", () => {
    const cues = Array.from({ length: 40 }, (_, i) =>
      cue(`00:00:${String(i).padStart(2, "0")}.000`, "00:00:00.000", "x"),
    );
    const errors = errorsOf(check(`WEBVTT\n\n${cues.join("\n")}`));
    expect(errors).toHaveLength(captionBounds.errors + 1);
    expect(errors.at(-1)).toEqual({ line: null, message: "trop d’erreurs : seules les 20 premières sont listées" });
  });
});
