import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Database, Executor } from "~/.server/db/client.server";
import { accessCodes, trainingDrafts, trainings } from "~/.server/db/schema.server";
import type { TrainingContent } from "~/content/training-schema";
import { checkCaptions } from "./captions.server";
import { forgetCatalogue } from "./catalogue.server";
import { readTrainingFile } from "./training-file.server";
import { publishContent } from "./versions.server";

const contentFolder = path.resolve("app/content");
const publicFolder = path.resolve("public");

/**
 * Reads and checks every training file and the captions its videos name; a broken one stops the
 * start with its name and the path of each mistake.
 */
export function readTrainingFiles(
  folder = path.join(contentFolder, "trainings"),
  publicRoot = publicFolder,
): { content: TrainingContent; hash: string }[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const raw = readFileSync(path.join(folder, name));
      const read = readTrainingFile(raw, "en");
      if (!read.ok) {
        const problems = read.errors.map((error) => `  ${error.path}: ${error.message}`).join("\n");
        throw new Error(`app/content/trainings/${name} is not a valid training:\n${problems}`);
      }
      if (`${read.content.slug}.json` !== name)
        throw new Error(`app/content/trainings/${name}: its slug must be ${name.replace(/\.json$/, "")}`);
      checkCaptionFiles(read.content, `app/content/trainings/${name}`, publicRoot);
      return { content: read.content, hash: createHash("sha256").update(raw).digest("hex") };
    });
}

/** Every caption file a training's videos name exists under public/ and is valid WebVTT. */
function checkCaptionFiles(content: TrainingContent, file: string, publicRoot: string) {
  for (const module of content.modules) {
    for (const part of module.parts) {
      // Uploaded captions live in the database and were checked on upload: only files are read here.
      for (const captions of Object.values(part.video?.captions ?? {}).filter((path) => path.startsWith("/media/"))) {
        const where = `${file}: public${captions}`;
        if (!existsSync(path.join(publicRoot, captions))) throw new Error(`${where} does not exist`);
        const checked = checkCaptions(readFileSync(path.join(publicRoot, captions)), "en");
        if (!checked.ok)
          throw new Error(`${where} is not valid WebVTT:\n${checked.errors.map((e) => `  ${e.message}`).join("\n")}`);
      }
    }
  }
}

type AccessCodeFile = { code: string; training: string; expiresAt?: string }[];

/**
 * Loads app/content into the database. Idempotent: unchanged files write nothing; a changed file
 * becomes its training's next version (versions.server.ts: modules matched by slug, so members'
 * progress survives) and its draft. A training an author changed in the browser is the database's
 * from then on: its file is left aside and named in `leftAside`.
 * access-codes.json only adds the codes the database lacks: after the first run, codes are the back
 * office's.
 */
export async function seedContent(db: Database, files = readTrainingFiles()): Promise<{ leftAside: string[] }> {
  const leftAside: string[] = [];
  await db.transaction(async (tx) => {
    for (const { content, hash } of files) {
      const [existing] = await tx
        .select({ hash: trainings.contentHash })
        .from(trainings)
        .where(eq(trainings.slug, content.slug));
      if (existing?.hash === hash) continue;
      const [draft] = await tx
        .select({ authoredAt: trainingDrafts.authoredAt })
        .from(trainingDrafts)
        .where(eq(trainingDrafts.slug, content.slug))
        .for("update");
      if (draft?.authoredAt) {
        leftAside.push(content.slug);
        continue;
      }
      await publishContent(tx, content, { publishedBy: null, seededHash: hash });
      await tx
        .insert(trainingDrafts)
        .values({ slug: content.slug, content })
        .onConflictDoUpdate({
          target: trainingDrafts.slug,
          set: { content, revision: sql`${trainingDrafts.revision} + 1`, updatedAt: new Date() },
        });
    }

    await seedAccessCodes(tx);
  });
  // This process need not wait for its next generation check (catalogue.server.ts).
  forgetCatalogue(db);
  return { leftAside };
}

/**
 * Adds the codes of app/content/access-codes.json the database lacks (their trainings seeded
 * first). A first-run seed only: a code the back office made, disabled or changed is never
 * overwritten, nor one it disabled enabled again.
 */
export async function seedAccessCodes(executor: Executor) {
  const codes = JSON.parse(readFileSync(path.join(contentFolder, "access-codes.json"), "utf8")) as AccessCodeFile;
  for (const code of codes) {
    const [training] = await executor
      .select({ id: trainings.id })
      .from(trainings)
      .where(eq(trainings.slug, code.training));
    if (!training) throw new Error(`app/content/access-codes.json: unknown training ${code.training}`);
    await executor
      .insert(accessCodes)
      .values({
        code: code.code.toUpperCase(),
        trainingId: training.id,
        expiresAt: code.expiresAt ? new Date(code.expiresAt) : null,
      })
      .onConflictDoNothing();
  }
}
