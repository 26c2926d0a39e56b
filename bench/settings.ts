/** What a bench run reads around it: numbers from the environment, the commit it measures. */
import { execFileSync } from "node:child_process";
import { ROOT } from "./server";

/** A positive number from the environment (e.g. BENCH_SECONDS), or the fallback. */
export function positiveNumber(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value && Number.isFinite(number) && number > 0 ? number : fallback;
}

/** The commit measured, "-dirty" when the work tree has changes; null outside git. */
export function gitCommit(): string | null {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return dirty ? `${sha}-dirty` : sha;
  } catch {
    return null;
  }
}
