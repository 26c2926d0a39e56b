/**
 * `npm run trainings -- check <file>…`: checks training files (.json) and captions (.vtt) as the
 * seed and, later, the author space do, without a database; prints each mistake with its path or
 * line and exits 1 when one file is refused. LANG=en… prints in English, French otherwise.
 */
import { existsSync, readFileSync } from "node:fs";
import { checkCaptions } from "./captions.server";
import { readTrainingFile } from "./training-file.server";

const [command, ...files] = process.argv.slice(2);
if (command !== "check" || files.length === 0) {
  console.error("Usage: npm run trainings -- check <file.json|file.vtt>…");
  process.exit(2);
}

const lang = process.env.LANG?.startsWith("en") ? "en" : "fr";
let refused = 0;
for (const file of files) {
  if (!existsSync(file)) {
    refused++;
    console.log(`${file}: no such file`);
    continue;
  }
  const bytes = readFileSync(file);
  const mistakes = file.endsWith(".vtt")
    ? checked(checkCaptions(bytes, lang), (error) => error.message)
    : checked(readTrainingFile(bytes, lang), (error) =>
        error.path ? `${error.path}: ${error.message}` : error.message,
      );
  if (mistakes.length === 0) console.log(`${file}: OK`);
  else {
    refused++;
    console.log(`${file}:\n${mistakes.map((mistake) => `  ${mistake}`).join("\n")}`);
  }
}
process.exit(refused > 0 ? 1 : 0);

function checked<E>(result: { ok: true } | { ok: false; errors: E[] }, told: (error: E) => string): string[] {
  return result.ok ? [] : result.errors.map(told);
}
