import path from "node:path";
import { env } from "~/.server/config/env.server";
import { BackupError, type Target } from "./archive.server";

/** The database the environment names: DATABASE_URL, or the embedded one under DATA_DIR. */
export function configuredTarget(): { target: Target; dataDir: string; port: number } {
  const config = env();
  const target = config.DATABASE_URL
    ? { url: config.DATABASE_URL }
    : { pgliteDir: path.join(config.DATA_DIR, "pglite") };
  return { target, dataDir: config.DATA_DIR, port: config.PORT };
}

/**
 * PGlite is one process's: while Cap runs on DATA_DIR its files are in use and a copy of them
 * would be torn. Refuses when a server answers on PORT (PostgreSQL backs up while Cap serves).
 */
export async function refuseWhileServing(target: Target, port: number) {
  if ("url" in target) return;
  const answered = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
  if (answered)
    throw new BackupError(
      `Cap is running on port ${port} and holds the embedded database: stop it first (on PostgreSQL, backups run while Cap serves)`,
    );
}

/** Runs a command's work: its lines on stdout, a refusal as one line on stderr (exit 1). */
export async function runCommand(work: () => Promise<string[]>) {
  try {
    for (const line of await work()) console.log(line);
    process.exit(0);
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`Refused: ${error.message}. Nothing was changed.`);
    process.exit(1);
  }
}
