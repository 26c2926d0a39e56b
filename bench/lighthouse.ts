/**
 * Lighthouse's mobile audit of one page, for the bench: the `lighthouse` CLI (a dev dependency)
 * with its default settings, which are the mobile preset (a Moto G Power screen, Slow 4G and a
 * 4× CPU slowdown, simulated), on Debian's chromium, headless. Only the performance and
 * accessibility categories are run. Signed-in pages pass the member's headers (a bearer token) as
 * Lighthouse's extraHeaders. One Chromium per page, a child process each: nothing of Lighthouse
 * stays in the bench's process.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Headers } from "./member";
import { ROOT, sleep } from "./server";

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const TIMEOUT_MS = 180_000;

export interface LighthouseResult {
  /** 0–100, as Lighthouse shows them. */
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  /** Lighthouse's version, as its report says. */
  version?: string;
  /** Set when Lighthouse could not audit the page (its runtimeError or the CLI's failure). */
  error?: string;
  /** Accessibility audits that failed, by id: what keeps the score under 100. */
  accessibilityFailures?: string[];
  /**
   * Of `runs` audits, the lowest and highest performance score, LCP, FCP and TBT (each run
   * must meet the target, not only the median); the figures above are the median run's.
   */
  runs?: number;
  performanceRange?: [number, number];
  lcpRangeMs?: [number, number];
  fcpRangeMs?: [number, number];
  /** The runs' lowest and highest blocking time: what a low score's run had. */
  tbtRangeMs?: [number, number];
}

/**
 * The median of `runs` audits, as Lighthouse's own guidance on variability advises: one run's
 * simulated timings depend on when the browser happened to paint (before or after the scripts
 * arrived), which moves LCP by a second on a busy machine. The run whose performance score is the
 * median (ties: the median LCP) is reported whole, with the range of scores, LCPs, FCPs and blocking times beside it.
 */
export async function medianAudit(url: string, headers: Headers, runs: number): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  for (let run = 0; run < runs; run += 1) {
    await quietMachine();
    results.push(await audit(url, headers));
  }
  const scored = results.filter((result) => result.performance !== null);
  if (scored.length === 0) return results[results.length - 1];
  scored.sort((a, b) => a.performance! - b.performance! || (b.lcpMs ?? 0) - (a.lcpMs ?? 0));
  const median = scored[Math.floor((scored.length - 1) / 2)];
  return {
    ...median,
    runs: scored.length,
    performanceRange: [scored[0].performance!, scored[scored.length - 1].performance!],
    lcpRangeMs: range(scored.map((result) => result.lcpMs)),
    fcpRangeMs: range(scored.map((result) => result.fcpMs)),
    tbtRangeMs: range(scored.map((result) => result.tbtMs)),
  };
}

/** The lowest and highest of the values measured, or undefined when none was. */
function range(values: (number | null)[]): [number, number] | undefined {
  const measured = values.filter((value): value is number => value !== null);
  return measured.length ? [Math.min(...measured), Math.max(...measured)] : undefined;
}

/**
 * Waits (up to QUIET_WAIT_MS) for a second in which the machine's processors were at least
 * QUIET_IDLE idle. Lighthouse multiplies every task it observes by 4: a task slowed by the server
 * still digesting the loads (its garbage, the database writing back) or by any other process on
 * these two cores counts as the page's own blocking time, which a member's phone does not share.
 * Steal time (a busy host) counts as busy. Past the wait the audit runs anyway.
 */
async function quietMachine(): Promise<void> {
  const deadline = Date.now() + QUIET_WAIT_MS;
  let before = processorTimes();
  while (before && Date.now() < deadline) {
    await sleep(1_000);
    const after = processorTimes();
    if (!after) return;
    const total = after.total - before.total;
    if (total > 0 && (after.idle - before.idle) / total >= QUIET_IDLE) return;
    before = after;
  }
}

const QUIET_IDLE = 0.85;
const QUIET_WAIT_MS = 30_000;

/** All processors' time since boot, in clock ticks, from /proc/stat (idle and iowait as idle); null off Linux. */
function processorTimes(): { idle: number; total: number } | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { idle, total: fields.slice(0, 8).reduce((sum, value) => sum + value, 0) };
  } catch {
    return null;
  }
}

/** Why Lighthouse cannot run here, or null when it can. */
export function lighthouseUnavailable(): string | null {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (set CHROME_PATH, or apt-get install chromium)`;
  if (!existsSync(lighthouseBin())) return "the lighthouse dev dependency is not installed (npm install)";
  return null;
}

function lighthouseBin() {
  return path.join(ROOT, "node_modules", ".bin", "lighthouse");
}

export async function audit(url: string, headers: Headers): Promise<LighthouseResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "cap-lighthouse-"));
  const report = path.join(dir, "report.json");
  const args = [
    url,
    "--quiet",
    "--output=json",
    `--output-path=${report}`,
    "--only-categories=performance,accessibility",
    // A profile of its own in the temporary folder, removed after.
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --user-data-dir=${path.join(dir, "profile")}`,
    "--max-wait-for-load=60000",
  ];
  if (Object.keys(headers).length > 0) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  try {
    const failure = await run(lighthouseBin(), args, { ...process.env, CHROME_PATH: CHROMIUM });
    if (failure) return empty(failure);
    return parse(JSON.parse(await readFile(report, "utf8")));
  } catch (error) {
    return empty((error as Error).message);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type Lhr = {
  lighthouseVersion?: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { numericValue?: number; score: number | null; scoreDisplayMode?: string }>;
};

function parse(lhr: Lhr): LighthouseResult {
  const score = (category: string) => {
    const value = lhr.categories[category]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const numeric = (id: string, digits: number) => {
    const value = lhr.audits[id]?.numericValue;
    return value === undefined ? null : Math.round(value * 10 ** digits) / 10 ** digits;
  };
  const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter(({ id, weight }) => weight > 0 && lhr.audits[id]?.score !== null && (lhr.audits[id]?.score ?? 1) < 1)
    .map(({ id }) => id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    lcpMs: numeric("largest-contentful-paint", 0),
    tbtMs: numeric("total-blocking-time", 0),
    cls: numeric("cumulative-layout-shift", 3),
    fcpMs: numeric("first-contentful-paint", 0),
    version: lhr.lighthouseVersion,
    ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    ...(accessibilityFailures.length ? { accessibilityFailures } : {}),
  };
}

function empty(error: string): LighthouseResult {
  return { performance: null, accessibility: null, lcpMs: null, tbtMs: null, cls: null, fcpMs: null, error };
}

/** Runs the CLI; resolves null on success, or what went wrong (its last lines of output). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string | null> {
  return new Promise((resolve) => {
    // detached: its own process group, so a timeout ends Lighthouse and its Chromium together.
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // gone
      }
    }, TIMEOUT_MS);
    child.once("error", (error) => {
      clearTimeout(timer);
      resolve(error.message);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(null);
      else {
        const tail = output.trim().split("\n").slice(-3).join(" / ");
        resolve(`lighthouse exited ${signal ?? code}${tail ? `: ${tail}` : ""}`);
      }
    });
  });
}
