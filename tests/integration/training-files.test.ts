import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readTrainingFiles } from "~/.server/trainings/seed.server";
import { exportTraining, importTraining, readTrainingFile } from "~/.server/trainings/training-file.server";
import { trainingBounds } from "~/content/training-schema";

const folder = "app/content/trainings";
const names = readdirSync(folder).filter((name) => name.endsWith(".json"));
const raw = (slug: string) => readFileSync(path.join(folder, `${slug}.json`), "utf8");
// A test edits a parsed file freely, as an author would.
const fileOf = (slug: string): any => JSON.parse(raw(slug));

function errorsOf(json: unknown, lang: "fr" | "en" = "fr") {
  const result = importTraining(json, lang);
  if (result.ok) throw new Error("expected the file to be refused");
  return result.errors;
}

describe("training files: export and import", () => {
  it.each(names)("%s exports from the database exactly as its file says, and imports back", async (name) => {
    const slug = name.replace(/\.json$/, "");
    const exported = await exportTraining(slug);
    // Same values and keys, defaults left out as the file leaves them; fields in the file's order
    // (a score map's keys come back in PostgreSQL's jsonb order, which JSON readers ignore).
    const file = JSON.parse(raw(slug));
    expect(exported).toEqual(file);
    expect(Object.keys(exported ?? {})).toEqual(Object.keys(file));
    expect(exported?.modules.map((module) => Object.keys(module))).toEqual(
      file.modules.map((module: object) => Object.keys(module)),
    );
    const imported = importTraining(JSON.parse(JSON.stringify(exported)), "fr");
    expect(imported).toEqual({
      ok: true,
      content: readTrainingFiles().find((file) => file.content.slug === slug)?.content,
    });
  });

  it("an unknown training exports nothing", async () => {
    expect(await exportTraining("nope")).toBeNull();
  });
});

describe("training files: a broken file is refused with the path of each mistake", () => {
  it("a missing or empty translation, in French and in English", () => {
    const file = fileOf("j-embarque");
    delete file.modules[1].parts[0].title.en;
    file.modules[2].summary.fr = "";
    expect(errorsOf(file, "fr")).toEqual([
      { path: "modules[1].parts[0].title.en", message: "le texte en anglais manque" },
      { path: "modules[2].summary.fr", message: "le texte en français manque" },
    ]);
    expect(errorsOf(file, "en")).toEqual([
      { path: "modules[1].parts[0].title.en", message: "the English text is missing" },
      { path: "modules[2].summary.fr", message: "the French text is missing" },
    ]);
  });

  it("min above max, and max above the number of answers, told on max", () => {
    const file = fileOf("j-embarque");
    file.modules[2].quiz.questions[1].min = 3;
    file.modules[2].quiz.questions[1].max = 2;
    file.modules[0].quiz.questions[0].max = 5;
    expect(errorsOf(file)).toEqual([
      { path: "modules[0].quiz.questions[0].max", message: "le maximum (5) dépasse le nombre de réponses (4)" },
      { path: "modules[2].quiz.questions[1].max", message: "le maximum (2) est plus petit que le minimum (3)" },
    ]);
    expect(errorsOf(file, "en")[1].message).toBe("the maximum (2) is below the minimum (3)");
  });

  it("a slug or id used twice in one list", () => {
    const file = fileOf("j-embarque");
    file.modules[2].slug = file.modules[0].slug;
    file.modules[1].parts[2].slug = "ce-qui-compte";
    file.modules[0].quiz.questions[0].answers[3].id = file.modules[0].quiz.questions[0].answers[1].id;
    const answer = file.modules[0].quiz.questions[0].answers[1].id;
    expect(errorsOf(file)).toEqual([
      {
        path: "modules[0].quiz.questions[0].answers[3].id",
        message: `« ${answer} » est déjà utilisé par l’élément [1] de cette liste`,
      },
      {
        path: "modules[1].parts[2].slug",
        message: "« ce-qui-compte » est déjà utilisé par l’élément [0] de cette liste",
      },
      { path: "modules[2].slug", message: "« prendre-la-barre » est déjà utilisé par l’élément [0] de cette liste" },
    ]);
  });

  it("a skill an answer scores or a profile names that the test does not list", () => {
    const file = fileOf("capitaine");
    file.modules[0].quiz.questions[0].answers[2].scores = { courage: 2 };
    file.profiles[1].skill = "humour";
    expect(errorsOf(file, "en")).toEqual([
      { path: "profiles[1].skill", message: "unknown skill “humour”: it must be listed in “skills”" },
      {
        path: "modules[0].quiz.questions[0].answers[2].scores.courage",
        message: "unknown skill “courage”: it must be listed in “skills”",
      },
    ]);
  });

  it("too long a text, too many modules, answers or paragraphs", () => {
    const file = fileOf("tenir-le-cap");
    file.summary.fr = "é".repeat(trainingBounds.summary + 1);
    file.modules[0].parts[0].body.en = Array.from({ length: trainingBounds.paragraphs + 1 }, () => "Un paragraphe.");
    file.modules[1].quiz.questions[0].answers = Array.from({ length: trainingBounds.answers + 1 }, (_, i) => ({
      id: `a${i}`,
      label: { fr: "Oui", en: "Yes" },
    }));
    file.modules[2].parts[0].title.en = "x".repeat(trainingBounds.title + 1);
    expect(errorsOf(file)).toEqual([
      { path: "summary.fr", message: "texte trop long (601 caractères, 600 au plus)" },
      { path: "modules[0].parts[0].body.en", message: "trop d’éléments (51, 50 au plus)" },
      { path: "modules[1].quiz.questions[0].answers", message: "trop d’éléments (13, 12 au plus)" },
      { path: "modules[2].parts[0].title.en", message: "texte trop long (161 caractères, 160 au plus)" },
    ]);
    const many = fileOf("tenir-le-cap");
    many.modules = Array.from({ length: trainingBounds.modules + 1 }, (_, i) => ({
      ...many.modules[0],
      slug: `m${i}`,
    }));
    expect(errorsOf(many)).toEqual([{ path: "modules", message: "trop d’éléments (31, 30 au plus)" }]);
  });

  it("unknown fields, bad slugs, media outside /media/, captions that are not WebVTT, wrong types and values", () => {
    const file = fileOf("j-embarque");
    file.modules[0].quiz.pasPercent = 50;
    file.slug = "J'embarque";
    const video = file.modules[0].parts[0].video;
    video.src = "/media/../../.env";
    video.poster = "javascript:alert(1)";
    video.captions.fr = "/media/j-embarque-bienvenue.fr.srt";
    file.modules[1].hours = "2";
    file.access = "gratuit";
    file.modules[2].quiz.questions[0].min = 1.5;
    expect(errorsOf(file)).toEqual([
      { path: "slug", message: "identifiant invalide : lettres minuscules, chiffres, - ou _" },
      { path: "access", message: "valeur attendue : free, payable" },
      {
        path: "modules[0].parts[0].video.src",
        message: "chemin de média invalide : /media/… ou /uploads/… sans « .. »",
      },
      {
        path: "modules[0].parts[0].video.poster",
        message: "chemin de média invalide : /media/… ou /uploads/… sans « .. »",
      },
      {
        path: "modules[0].parts[0].video.captions.fr",
        message: "les sous-titres sont un fichier .vtt sous /media/ ou /uploads/",
      },
      { path: "modules[0].quiz", message: "champ inconnu : pasPercent" },
      { path: "modules[1].hours", message: "valeur de type nombre attendue" },
      { path: "modules[2].quiz.questions[0].min", message: "un nombre entier est attendu" },
    ]);
    expect(errorsOf(null)).toEqual([{ path: "", message: "valeur de type objet attendue" }]);
    // A file's own words are cut short in a message.
    expect(errorsOf({ ...fileOf("cap-2024"), ["x".repeat(100_000)]: 1 })).toEqual([
      { path: "", message: `champ inconnu : ${"x".repeat(40)}` },
    ]);
    expect(errorsOf({})[0]).toEqual({ path: "slug", message: "le champ « slug » manque" });
  });

  it("lists the first fifty mistakes and says there are more", () => {
    const file = fileOf("j-embarque");
    for (const module of file.modules) for (const part of module.parts) part.body = { fr: [""], en: [""] };
    for (const module of file.modules)
      for (const question of module.quiz.questions) {
        question.prompt = {};
        for (const answer of question.answers) answer.label = {};
      }
    const errors = errorsOf(file);
    expect(errors).toHaveLength(51);
    expect(errors.at(-1)).toEqual({ path: "", message: "trop d’erreurs : seules les 50 premières sont listées" });
  });

  it("a file that is too large, not UTF-8 or not JSON says so before anything else", () => {
    const refused = (bytes: Uint8Array, lang: "fr" | "en" = "fr") => {
      const result = readTrainingFile(bytes, lang);
      return result.ok ? null : result.errors;
    };
    expect(refused(Buffer.from(" ".repeat(512 * 1024 + 1)))).toEqual([
      { path: "", message: "le fichier dépasse 512 Ko" },
    ]);
    expect(refused(Buffer.from('{"slug": "été"}', "latin1"), "en")).toEqual([
      { path: "", message: "the file is not UTF-8" },
    ]);
    expect(refused(Buffer.from('{\n  "slug": "j-embarque",\n  "kind": "training",\n}\n'))).toEqual([
      { path: "", message: "ce n’est pas du JSON valide (ligne 4)" },
    ]);
    expect(readTrainingFile(Buffer.from(raw("j-embarque")), "fr").ok).toBe(true);
  });
});

describe("the seed checks the captions its videos name", () => {
  let scratch: string | undefined;
  afterEach(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    scratch = undefined;
  });

  function scratchCopy() {
    scratch = mkdtempSync(path.join(tmpdir(), "cap-captions-"));
    cpSync(path.join(folder, "j-embarque.json"), path.join(scratch, "trainings", "j-embarque.json"));
    cpSync("public/media", path.join(scratch, "public", "media"), { recursive: true });
    return { trainings: path.join(scratch, "trainings"), publicRoot: path.join(scratch, "public") };
  }

  it("passes on today's files", () => {
    const { trainings, publicRoot } = scratchCopy();
    expect(readTrainingFiles(trainings, publicRoot).map((file) => file.content.slug)).toEqual(["j-embarque"]);
  });

  it("stops with the caption file's path and the line of its mistake", () => {
    const { trainings, publicRoot } = scratchCopy();
    const captions = path.join(publicRoot, "media", "j-embarque-bienvenue.en.vtt");
    writeFileSync(
      captions,
      readFileSync(captions, "utf8").replace("Hello, and welcome aboard.", "<script>alert(1)</script>"),
    );
    expect(() => readTrainingFiles(trainings, publicRoot)).toThrow(
      "app/content/trainings/j-embarque.json: public/media/j-embarque-bienvenue.en.vtt is not valid WebVTT:\n  line 7: tag not allowed “<script>”",
    );
  });

  it("stops when a caption file is missing", () => {
    const { trainings, publicRoot } = scratchCopy();
    rmSync(path.join(publicRoot, "media", "j-embarque-bienvenue.fr.vtt"));
    expect(() => readTrainingFiles(trainings, publicRoot)).toThrow(
      "app/content/trainings/j-embarque.json: public/media/j-embarque-bienvenue.fr.vtt does not exist",
    );
  });

  it("stops on a broken training with the path of the mistake", () => {
    const { trainings, publicRoot } = scratchCopy();
    const file = fileOf("j-embarque");
    file.modules[1].quiz.questions[0].max = 9;
    writeFileSync(path.join(trainings, "j-embarque.json"), JSON.stringify(file));
    expect(() => readTrainingFiles(trainings, publicRoot)).toThrow(
      "app/content/trainings/j-embarque.json is not a valid training:\n  modules[1].quiz.questions[0].max: the maximum (9) is above the number of answers (4)",
    );
  });
});

describe("npm run trainings -- check", () => {
  it("says OK for good files, each mistake for a broken one, and exits 1", () => {
    const scratch = mkdtempSync(path.join(tmpdir(), "cap-check-"));
    const broken = path.join(scratch, "broken.vtt");
    writeFileSync(broken, "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<img src=x onerror=alert(1)>\n");
    const run = spawnSync(
      "node_modules/.bin/tsx",
      ["app/.server/trainings/check-command.server.ts", "check", path.join(folder, "capitaine.json"), broken],
      { encoding: "utf8", env: { ...process.env, LANG: "en_GB.UTF-8" } },
    );
    rmSync(scratch, { recursive: true, force: true });
    expect(run.stdout).toBe(
      `${path.join(folder, "capitaine.json")}: OK\n${broken}:\n  line 4: tag not allowed “<img src=x onerror=alert(1)>”: only <b>, <i>, <u>, <c>, <v>, <lang> and timestamps are accepted (write &lt; for the < sign)\n`,
    );
    expect(run.status).toBe(1);
  });
});
