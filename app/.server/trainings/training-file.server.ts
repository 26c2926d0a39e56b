import { eq } from "drizzle-orm";
import type { ZodIssue } from "zod";
import { db } from "~/.server/db/client.server";
import { trainings } from "~/.server/db/schema.server";
import type { Language } from "~/i18n/config";
import {
  publishableContent,
  trainingBounds,
  trainingContent,
  type TrainingContent,
  type TrainingFile,
} from "~/content/training-schema";
import { contentT } from "./content-messages.server";
import { TRAINING_FILE_MAX_BYTES } from "~/.server/http/request-screen.server";

/**
 * A training as a file (the format of app/content/trainings/<slug>.json): read from bytes, checked
 * with the training schema and told mistake by mistake with the JSON path of each
 * (`modules[2].quiz.questions[0].max`), in French or English; and written back from the database.
 * Nothing here writes: the seed and, later, the author space decide what to store.
 */
export const trainingFileBounds = {
  /** Today's largest file is 32 KB. */
  bytes: TRAINING_FILE_MAX_BYTES,
  /** Mistakes listed; the rest are counted. */
  errors: 50,
} as const;

export type ImportError = { path: string; message: string };
export type ImportResult = { ok: true; content: TrainingContent } | { ok: false; errors: ImportError[] };

/** A training file's bytes: bounded, UTF-8, JSON, then checked as importTraining does. */
export function readTrainingFile(bytes: Uint8Array, lang: Language): ImportResult {
  const t = contentT(lang);
  const refuse = (message: string): ImportResult => ({ ok: false, errors: [{ path: "", message }] });
  if (bytes.byteLength > trainingFileBounds.bytes)
    return refuse(t("import.tooLarge", { max: trainingFileBounds.bytes / 1024 }));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse(t("import.notUtf8"));
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return refuse(t("import.notJson", { line: lineOfJsonError(text, error) }));
  }
  return importTraining(json, lang);
}

/** Checks a parsed training file against the schema; answers its content or its mistakes in `lang`. */
export function importTraining(json: unknown, lang: Language): ImportResult {
  const parsed = publishableContent.safeParse(json);
  if (parsed.success) return { ok: true, content: parsed.data };
  return { ok: false, errors: contentProblems(parsed.error.issues, json, lang) };
}

/**
 * A schema's issues with a training (a file, a draft being saved or published) as mistakes with
 * their JSON paths, in `lang`: the first 50, then how many more.
 */
export function contentProblems(issues: ZodIssue[], json: unknown, lang: Language): ImportError[] {
  const t = contentT(lang);
  const errors = issues
    .slice(0, trainingFileBounds.errors)
    .map((issue) => ({ path: jsonPath(issue.path), message: messageOf(issue, json, t) }));
  if (issues.length > trainingFileBounds.errors)
    errors.push({ path: "", message: t("import.tooManyErrors", { count: trainingFileBounds.errors }) });
  return errors;
}

/** The training `slug` as its file would say it, from the database; null when there is none. */
export async function exportTraining(slug: string): Promise<TrainingFile | null> {
  if (slug.length > trainingBounds.slug) return null;
  const [row] = await db().select({ content: trainings.content }).from(trainings).where(eq(trainings.slug, slug));
  // Parsed again: jsonb keeps no key order, the schema gives the files' order back.
  return row ? asFile(trainingContent.parse(row.content)) : null;
}

/**
 * Leaves out the defaults the files leave out (passPercent is always written, as the files do).
 * Filtering keeps the order the schema gave the keys, which is the files' order.
 */
export function asFile(content: TrainingContent): TrainingFile {
  const training = withoutDefaults(content, { archived: false, skills: [], profiles: [] });
  return {
    ...training,
    modules: content.modules.map((module) => {
      const kept = withoutDefaults(module, { coaching: false });
      return module.quiz
        ? { ...kept, quiz: withoutDefaults(module.quiz, { requirePass: true, showAnswers: true }) }
        : kept;
    }),
  } as TrainingFile;
}

function withoutDefaults<Value extends object>(value: Value, defaults: Partial<Record<keyof Value, unknown>>) {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([key, field]) => !(key in defaults) || JSON.stringify(field) !== JSON.stringify(defaults[key as keyof Value]),
    ),
  );
}

/** `modules[2].quiz.questions[0].max`: the path as a JSON reader writes it. */
function jsonPath(path: (string | number)[]): string {
  return path
    .map((part, index) => {
      if (typeof part === "number") return `[${part}]`;
      if (/^[A-Za-z_$][\w$-]*$/.test(part)) return index === 0 ? part : `.${part}`;
      return `[${JSON.stringify(part)}]`;
    })
    .join("");
}

type T = ReturnType<typeof contentT>;

function messageOf(issue: ZodIssue, json: unknown, t: T): string {
  const last = issue.path.at(-1);
  const language = last === "fr" || last === "en" ? last : null;
  switch (issue.code) {
    case "invalid_type":
      if (issue.received === "undefined")
        return language
          ? t("import.missingTranslation", { language: t(`import.languages.${language}`) })
          : t("import.missingField", { field: String(last ?? "") });
      if (issue.expected === "integer") return t("import.notInteger");
      return t("import.wrongType", { expected: t(`import.types.${issue.expected}`) });
    case "too_small":
      if (issue.type === "string")
        return language
          ? t("import.missingTranslation", { language: t(`import.languages.${language}`) })
          : t("import.emptyText");
      if (issue.type === "array") return t("import.tooFewItems", { count: Number(issue.minimum) });
      return t("import.tooSmallNumber", { min: Number(issue.minimum) });
    case "too_big":
      if (issue.type === "string")
        return t("import.tooLong", { max: Number(issue.maximum), length: lengthAt(json, issue.path) });
      if (issue.type === "array")
        return t("import.tooManyItems", { max: Number(issue.maximum), count: lengthAt(json, issue.path) });
      return t("import.tooLargeNumber", { max: Number(issue.maximum) });
    case "invalid_enum_value":
      return t("import.notOneOf", { options: issue.options.join(", ") });
    case "unrecognized_keys":
      // A file's own words in a message are cut short: a key may be as long as the file.
      return t("import.unknownFields", {
        count: issue.keys.length,
        keys: issue.keys
          .slice(0, 5)
          .map((key) => key.slice(0, 40))
          .join(", "),
      });
    case "invalid_string":
    case "custom": {
      // The schema's own messages are keys of "import"; another refinement's message is shown as is.
      const key = `import.${issue.message}`;
      const told = t(key, (issue as { params?: Record<string, string | number> }).params);
      return told === key ? t("import.invalid", { detail: issue.message }) : told;
    }
    default:
      return t("import.invalid", { detail: issue.message });
  }
}

/** The length of the text or list at `path` in the file. */
function lengthAt(json: unknown, path: (string | number)[]): number {
  const value = path.reduce<unknown>(
    (node, part) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
    json,
  );
  return typeof value === "string" || Array.isArray(value) ? value.length : 0;
}

/** The line of a JSON syntax error, from the position V8 names in its message. */
function lineOfJsonError(text: string, error: unknown): number {
  const message = error instanceof Error ? error.message : "";
  const line = /\(line (\d+)/.exec(message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(message);
  if (position) return text.slice(0, Number(position[1])).split("\n").length;
  // "Unexpected end of JSON input": the mistake is at the end.
  return text.split("\n").length;
}
