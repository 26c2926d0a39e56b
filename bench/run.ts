/**
 * Cap's performance benchmark.
 *
 * Starts the production server (`tsx server.ts` over the current build/, NODE_ENV=production, the
 * embedded PGlite in a throw-away DATA_DIR) and measures, for every page in PAGES:
 *   - load: autocannon, CONNECTIONS connections for BENCH_SECONDS (default 10) after a 1 s warm-up,
 *     as a browser would ask (Accept-Encoding: gzip): requests/s (mean), latency p50/p95/p99 (ms),
 *     non-2xx responses, and the page's req/s divided by the req/s of a static file served by the
 *     same server (STATIC_PATH), which factors out the machine;
 *   - weight: the HTML and the first-load JS and CSS it references, raw and gzipped (zlib level 6).
 * Prints two tables and writes the same figures to bench/results/latest.json. Timings are reported,
 * never asserted: the exit code is non-zero only when the server does not start or a page or one of
 * its assets does not answer 200.
 *
 * Run: npm run bench                      (builds first)
 *      BENCH_SECONDS=3 npm run bench      (shorter measurements)
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

// ---------------------------------------------------------------------------------------------
// What to measure

type Headers = Record<string, string>;

interface ServerContext {
  /** e.g. http://127.0.0.1:41234, no trailing slash. */
  baseUrl: string;
  /** The server's log, where mail is printed (no SMTP_URL): the bench member's code is there. */
  logFile: string;
}

interface BenchPage {
  path: string;
  /**
   * Runs once before the page is measured, e.g. to sign a member in. The headers it returns (such
   * as a Cookie) go with the HTML fetch and with every load request for this page.
   */
  prepare?: (server: ServerContext) => Promise<{ headers?: Headers }>;
}

const PAGES: BenchPage[] = [
  { path: "/home" },
  { path: "/coming-soon" },
  { path: "/home/who-are-you" },
  { path: "/home/start-freemium" },
  { path: "/", prepare: signedIn },
  { path: "/trainings", prepare: signedIn },
  { path: "/training/j-embarque/modules/prendre-la-barre", prepare: signedIn },
  // A coach's booking page on a date with free times: the month view and the times of that day.
  { path: `/coaching/claire-moreau?tz=Europe/Paris&day=${bookableTuesday()}`, prepare: signedInWithTimes },
];

/**
 * The first Tuesday at least two days from today in Europe/Paris (YYYY-MM-DD): past the booking
 * notice and well within the booking window, on a day Claire Moreau works, in the bench's fresh
 * database where nobody has booked yet.
 */
function bookableTuesday(now = new Date()): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(now);
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 2);
  day.setUTCDate(day.getUTCDate() + ((2 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}

/** Signed in, and checks that the booking page lists times: a page without them would measure less. */
async function signedInWithTimes(server: ServerContext): Promise<{ headers: Headers }> {
  const signed = await signedIn(server);
  const page = PAGES.find((candidate) => candidate.prepare === signedInWithTimes)!.path;
  const html = await (await fetch(server.baseUrl + page, { headers: signed.headers, redirect: "manual" })).text();
  if (!html.includes('<ul class="times">')) throw new BenchError(`GET ${page} shows no free times`);
  return signed;
}

// One verified member for every signed-in page, signed up through the API; pages accept its
// token as a bearer header like the cookie.
let member: Promise<{ headers: Headers }> | undefined;
function signedIn(server: ServerContext) {
  member ??= signUp(server);
  return member;
}

async function signUp(server: ServerContext): Promise<{ headers: Headers }> {
  const email = `bench-${Date.now()}@cap.test`;
  const registered = await fetch(`${server.baseUrl}/api/dashboard/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user: { firstname: "Bench", lastname: "Member", birth_date: "1990-01-01", email, password: "bench-password" } }),
  });
  if (!registered.ok) throw new BenchError(`bench sign-up answered ${registered.status}`);
  const { token } = (await registered.json()) as { token: string };
  const authorization = `Bearer ${token}`;
  const deadline = Date.now() + 15_000;
  let code: string | undefined;
  while (!code && Date.now() < deadline) {
    // The sender prints each email within a couple of seconds; the code stands alone on its line.
    code = /^(\d{6})$/m.exec(readFileSync(server.logFile, "utf8"))?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!code) throw new BenchError("the bench member's verification email never reached the server log");
  const verified = await fetch(`${server.baseUrl}/account_verification`, {
    method: "POST",
    headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "verify", code }),
    redirect: "manual",
  });
  if (verified.status !== 303) throw new BenchError(`bench verification answered ${verified.status}`);
  return { headers: { authorization } };
}

/** A file from public/ served by express.static: the ceiling a page is compared with. */
const STATIC_PATH = "/favicon.svg";

const CONNECTIONS = 50;
const SECONDS = positiveNumber(process.env.BENCH_SECONDS, 10);
const WARMUP_SECONDS = 1;
const LOAD_HEADERS: Headers = { "accept-encoding": "gzip" };
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS_FILE = path.join(ROOT, "bench", "results", "latest.json");

// ---------------------------------------------------------------------------------------------
// Result shapes (also the JSON written to bench/results/latest.json)

interface LoadResult {
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number };
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface Bytes {
  raw: number;
  gzip: number;
}

interface AssetBytes extends Bytes {
  files: string[];
}

interface Weight {
  html: Bytes;
  js: AssetBytes;
  css: AssetBytes;
}

interface PageResult {
  path: string;
  weight: Weight;
  load: LoadResult;
  /** load.requestsPerSecond ÷ the static file's requests/s. */
  ratioToStatic: number;
}

interface Report {
  generatedAt: string;
  commit: string | null;
  node: string;
  settings: { seconds: number; warmupSeconds: number; connections: number; loadHeaders: Headers };
  static: { path: string; load: LoadResult };
  pages: PageResult[];
}

/** A failure that makes the run meaningless: reported in one line, exit code 1. */
class BenchError extends Error {}

// ---------------------------------------------------------------------------------------------
// The production server, as a child process

interface RunningServer extends ServerContext {
  stop(): Promise<void>;
}

async function startServer(workDir: string): Promise<RunningServer> {
  const port = await freePort();
  const logFile = path.join(workDir, "server.log");
  // The server logs one line per request: send it to a file, not a pipe this process would have
  // to drain while it is busy generating load.
  const logFd = openSync(logFile, "a");
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: path.join(workDir, "data") };
  delete env.DATABASE_URL;

  // detached: its own process group, so stop() reaches both tsx and the node process it runs.
  const child = spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), ["server.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", logFd, logFd],
    detached: true,
  });
  closeSync(logFd);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: RunningServer = { baseUrl, logFile, stop: () => stopProcess(child, exited) };

  try {
    await waitUntilHealthy(baseUrl, exited);
  } catch (error) {
    await server.stop();
    const tail = readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-30).join("\n");
    throw new BenchError(`${(error as Error).message}\n--- server log (last lines) ---\n${tail}`);
  }
  return server;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(baseUrl: string, exited: Promise<void>): Promise<void> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error("The server exited before answering /healthz.");
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`The server did not answer /healthz with 200 within ${STARTUP_TIMEOUT_MS / 1000} s.`);
}

async function stopProcess(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  signalGroup(child, "SIGTERM");
  const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
  if (!stopped) {
    signalGroup(child, "SIGKILL");
    await exited;
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

// ---------------------------------------------------------------------------------------------
// Load: autocannon

async function measureLoad(url: string, headers: Headers): Promise<LoadResult> {
  await fire(url, headers, WARMUP_SECONDS);
  const { result, latencies } = await fire(url, headers, SECONDS);
  return {
    requestsPerSecond: round(result.requests.average, 1),
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** One autocannon run; also keeps every response time, since autocannon reports no p95. */
function fire(url: string, headers: Headers, seconds: number): Promise<{ result: autocannon.Result; latencies: Float64Array }> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: seconds, headers: { ...LOAD_HEADERS, ...headers } },
      (error, result) => (error ? reject(error) : resolve({ result, latencies: Float64Array.from(times) })),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** Nearest-rank percentile, in ms to one decimal. */
function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return 0;
  const sorted = values.slice().sort();
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return round(sorted[index], 1);
}

// ---------------------------------------------------------------------------------------------
// Weight: the HTML and its first-load assets

async function measureWeight(url: string, headers: Headers): Promise<Weight> {
  const html = await fetchOk(url, headers);
  const { js, css } = firstLoadAssets(html.toString("utf8"), url);
  return { html: sizes([html]), js: await assetBytes(js), css: await assetBytes(css) };
}

async function assetBytes(urls: string[]): Promise<AssetBytes> {
  const bodies = await Promise.all(urls.map((url) => fetchOk(url, {})));
  return { ...sizes(bodies), files: urls.map((url) => new URL(url).pathname) };
}

/** Raw bytes summed, and gzip summed file by file (as each is served). */
function sizes(bodies: Buffer[]): Bytes {
  return {
    raw: bodies.reduce((sum, body) => sum + body.length, 0),
    gzip: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
  };
}

/** The decoded body of a GET that must answer 200 (redirects are not followed). */
async function fetchOk(url: string, headers: Headers): Promise<Buffer> {
  const response = await fetch(url, { headers, redirect: "manual" });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) {
    const where = response.headers.get("location");
    throw new BenchError(`GET ${new URL(url).pathname} answered ${response.status}${where ? ` → ${where}` : ""}, expected 200.`);
  }
  return body;
}

/**
 * Same-origin JS and CSS the browser loads on first visit: <script src>, <link rel=modulepreload>,
 * <link rel=stylesheet>, and the /build/ modules imported by inline module scripts (Remix imports
 * the route modules and the client entry there). Absolute URLs, deduplicated, in document order.
 */
function firstLoadAssets(html: string, pageUrl: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];

  for (const [, attributeText, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = parseAttributes(attributeText);
    if (attributes.src) js.push(attributes.src);
    else if (attributes.type?.toLowerCase() === "module") js.push(...importedBuildModules(body));
  }
  for (const [, attributeText] of html.matchAll(/<link\b([^>]*)>/gi)) {
    const { rel = "", href } = parseAttributes(attributeText);
    const rels = rel.toLowerCase().split(/\s+/);
    if (!href) continue;
    if (rels.includes("modulepreload")) js.push(href);
    else if (rels.includes("stylesheet")) css.push(href);
  }

  const origin = new URL(pageUrl).origin;
  const resolve = (list: string[]) => [
    ...new Set(list.map((href) => new URL(href, pageUrl).href).filter((href) => new URL(href).origin === origin)),
  ];
  return { js: resolve(js), css: resolve(css) };
}

/**
 * The /build/ modules an inline module script imports: `import "…"`, `import * as x from "…"` and
 * `import("…")`. Only imports: with lazy route discovery Remix also inlines part of the manifest,
 * whose other module URLs (routes the page links to, the manifest file) are not loaded up front.
 */
function importedBuildModules(script: string): string[] {
  const imports = script.matchAll(/\bimport\s*(?:\(\s*|[\w*{}\s,$]+\bfrom\s*)?["'](\/build\/[^"']+\.js)["']/g);
  return [...imports].map(([, url]) => url);
}

function parseAttributes(text: string): Record<string, string | undefined> {
  const attributes: Record<string, string | undefined> = {};
  for (const [, name, doubleQuoted, singleQuoted, bare] of text.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attributes[name.toLowerCase()] = decodeEntities(doubleQuoted ?? singleQuoted ?? bare ?? "");
  }
  return attributes;
}

function decodeEntities(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

// ---------------------------------------------------------------------------------------------
// Output

function printReport(report: Report): void {
  const staticRps = report.static.load.requestsPerSecond;
  const loadRow = (target: string, load: LoadResult, ratio: number) => [
    target,
    load.requestsPerSecond.toFixed(0),
    load.latencyMs.p50.toFixed(1),
    load.latencyMs.p95.toFixed(1),
    load.latencyMs.p99.toFixed(1),
    String(load.non2xx),
    String(load.errors + load.timeouts),
    ratio.toFixed(3),
  ];
  const { seconds, connections } = report.settings;
  console.log(`\nLoad: ${connections} connections, ${seconds} s each (after ${report.settings.warmupSeconds} s warm-up), ${report.commit ?? "no commit"}, node ${report.node}\n`);
  console.log(
    table(
      ["target", "req/s", "p50 ms", "p95 ms", "p99 ms", "non-2xx", "errors", "÷ static"],
      [loadRow(`${report.static.path} (static)`, report.static.load, staticRps ? 1 : 0), ...report.pages.map((page) => loadRow(page.path, page.load, page.ratioToStatic))],
    ),
  );

  console.log("\nFirst-load weight (kB = 1000 bytes; gzip level 6, file by file)\n");
  console.log(
    table(
      ["page", "HTML raw", "HTML gz", "JS files", "JS raw", "JS gz", "CSS files", "CSS raw", "CSS gz"],
      report.pages.map(({ path: page, weight: { html, js, css } }) => [
        page,
        kB(html.raw),
        kB(html.gzip),
        String(js.files.length),
        kB(js.raw),
        kB(js.gzip),
        String(css.files.length),
        kB(css.raw),
        kB(css.gzip),
      ]),
    ),
  );
  console.log(`\nWritten to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

/** Plain aligned columns: the first left-aligned, the others right-aligned. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

function kB(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}

// ---------------------------------------------------------------------------------------------
// The run

async function benchmark(server: RunningServer): Promise<Report> {
  // Check and weigh every page first: a page that does not answer 200 fails the run early.
  const prepared: { page: BenchPage; headers: Headers; weight: Weight }[] = [];
  for (const page of PAGES) {
    const headers = (await page.prepare?.(server))?.headers ?? {};
    progress(`weighing ${page.path}`);
    prepared.push({ page, headers, weight: await measureWeight(server.baseUrl + page.path, headers) });
  }

  progress(`loading ${STATIC_PATH}`);
  const staticLoad = await measureLoad(server.baseUrl + STATIC_PATH, {});
  const pages: PageResult[] = [];
  for (const { page, headers, weight } of prepared) {
    progress(`loading ${page.path}`);
    const load = await measureLoad(server.baseUrl + page.path, headers);
    const ratioToStatic = staticLoad.requestsPerSecond ? round(load.requestsPerSecond / staticLoad.requestsPerSecond, 4) : 0;
    pages.push({ path: page.path, weight, load, ratioToStatic });
  }

  return {
    generatedAt: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    settings: { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, loadHeaders: LOAD_HEADERS },
    static: { path: STATIC_PATH, load: staticLoad },
    pages,
  };
}

async function main(): Promise<number> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), "cap-bench-"));
  let server: RunningServer | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () => (cleaning ??= (async () => {
    await server?.stop();
    await rm(workDir, { recursive: true, force: true });
  })());
  const interrupt = () => {
    progress("interrupted: stopping the server");
    void cleanUp().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);

  try {
    progress(`starting the server (PGlite in ${workDir})`);
    server = await startServer(workDir);
    const report = await benchmark(server);
    await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
    await writeFile(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    printReport(report);
    return 0;
  } catch (error) {
    console.error(error instanceof BenchError ? `bench: ${error.message}` : error);
    return 1;
  } finally {
    await cleanUp();
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function positiveNumber(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value && Number.isFinite(number) && number > 0 ? number : fallback;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function progress(message: string): void {
  console.error(`[bench] ${message}`);
}

function gitCommit(): string | null {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return dirty ? `${sha}-dirty` : sha;
  } catch {
    return null;
  }
}

process.exitCode = await main();
