/**
 * Cap's performance benchmark.
 *
 * Starts the production server (`tsx server.ts` over the current build/, NODE_ENV=production, the
 * embedded PGlite in a throw-away DATA_DIR) and measures, for every page in PAGES:
 *   - load: autocannon, CONNECTIONS connections for BENCH_SECONDS (default 10) after a 1 s warm-up,
 *     as a browser would ask (Accept-Encoding: gzip): requests/s (mean), latency p50/p95/p99 (ms),
 *     non-2xx responses, and the page's req/s divided by the req/s of a static file served by the
 *     same server (STATIC_PATH), which factors out the machine;
 *   - weight: the HTML and the first-load JS, CSS and data (the page strings it preloads) it
 *     references, raw and gzipped (zlib level 6).
 * Prints two tables and writes the same figures to bench/results/latest.json. Timings are reported,
 * never asserted: the exit code is non-zero only when the server does not start or a page or one of
 * its assets does not answer 200.
 *
 * Run: npm run bench                      (builds first)
 *      BENCH_SECONDS=3 npm run bench      (shorter measurements)
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { coachDayPath } from "./coaching";
import { fire as fireLoad, percentile, round } from "./load";
import { signUp, type Headers } from "./member";
import { BenchError, ROOT, startServer, type RunningServer, type ServerContext } from "./server";
import { gitCommit, positiveNumber } from "./settings";
import { table } from "./table";

// ---------------------------------------------------------------------------------------------
// What to measure

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
  { path: coachDayPath(), prepare: signedInWithTimes },
];

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
  member ??= signUp(server, `bench-${Date.now()}@cap.test`);
  return member;
}

/** A file from public/ served by express.static: the ceiling a page is compared with. */
const STATIC_PATH = "/favicon.svg";

const CONNECTIONS = 50;
const SECONDS = positiveNumber(process.env.BENCH_SECONDS, 10);
const WARMUP_SECONDS = 1;
const LOAD_HEADERS: Headers = { "accept-encoding": "gzip" };
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
  /** What the page preloads for its scripts (`<link rel=preload as=fetch>`: the page strings). */
  data: AssetBytes;
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

/** One autocannon run of CONNECTIONS connections, as a browser would ask. */
function fire(url: string, headers: Headers, seconds: number) {
  return fireLoad({ url, connections: CONNECTIONS, duration: seconds, headers: { ...LOAD_HEADERS, ...headers } });
}

// ---------------------------------------------------------------------------------------------
// Weight: the HTML and its first-load assets

async function measureWeight(url: string, headers: Headers): Promise<Weight> {
  const html = await fetchOk(url, headers);
  const { js, css, data } = firstLoadAssets(html.toString("utf8"), url);
  return { html: sizes([html]), js: await assetBytes(js), css: await assetBytes(css), data: await assetBytes(data) };
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
    throw new BenchError(
      `GET ${new URL(url).pathname} answered ${response.status}${where ? ` → ${where}` : ""}, expected 200.`,
    );
  }
  return body;
}

/**
 * Same-origin JS and CSS the browser loads on first visit: <script src>, <link rel=modulepreload>,
 * <link rel=stylesheet>, and the /build/ modules imported by inline module scripts (Remix imports
 * the route modules and the client entry there). Absolute URLs, deduplicated, in document order.
 */
function firstLoadAssets(html: string, pageUrl: string): { js: string[]; css: string[]; data: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const data: string[] = [];

  for (const [, attributeText, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = parseAttributes(attributeText);
    if (attributes.src) js.push(attributes.src);
    else if (attributes.type?.toLowerCase() === "module") js.push(...importedBuildModules(body));
  }
  for (const [, attributeText] of html.matchAll(/<link\b([^>]*)>/gi)) {
    const { rel = "", href, as = "" } = parseAttributes(attributeText);
    const rels = rel.toLowerCase().split(/\s+/);
    if (!href) continue;
    if (rels.includes("modulepreload")) js.push(href);
    else if (rels.includes("stylesheet")) css.push(href);
    else if (rels.includes("preload") && as.toLowerCase() === "fetch") data.push(href);
  }

  const origin = new URL(pageUrl).origin;
  const resolve = (list: string[]) => [
    ...new Set(list.map((href) => new URL(href, pageUrl).href).filter((href) => new URL(href).origin === origin)),
  ];
  return { js: resolve(js), css: resolve(css), data: resolve(data) };
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
  for (const [, name, doubleQuoted, singleQuoted, bare] of text.matchAll(
    /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
  )) {
    attributes[name.toLowerCase()] = decodeEntities(doubleQuoted ?? singleQuoted ?? bare ?? "");
  }
  return attributes;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
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
  console.log(
    `\nLoad: ${connections} connections, ${seconds} s each (after ${report.settings.warmupSeconds} s warm-up), ${report.commit ?? "no commit"}, node ${report.node}\n`,
  );
  console.log(
    table(
      ["target", "req/s", "p50 ms", "p95 ms", "p99 ms", "non-2xx", "errors", "÷ static"],
      [
        loadRow(`${report.static.path} (static)`, report.static.load, staticRps ? 1 : 0),
        ...report.pages.map((page) => loadRow(page.path, page.load, page.ratioToStatic)),
      ],
    ),
  );

  console.log("\nFirst-load weight (kB = 1000 bytes; gzip level 6, file by file)\n");
  console.log(
    table(
      [
        "page",
        "HTML raw",
        "HTML gz",
        "JS files",
        "JS raw",
        "JS gz",
        "CSS files",
        "CSS raw",
        "CSS gz",
        "data gz",
        "HTML+CSS gz",
      ],
      report.pages.map(({ path: page, weight: { html, js, css, data } }) => [
        page,
        kB(html.raw),
        kB(html.gzip),
        String(js.files.length),
        kB(js.raw),
        kB(js.gzip),
        String(css.files.length),
        kB(css.raw),
        kB(css.gzip),
        kB(data.gzip),
        kB(html.gzip + css.gzip),
      ]),
    ),
  );
  console.log(`\nWritten to ${path.relative(process.cwd(), RESULTS_FILE)}`);
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
    const ratioToStatic = staticLoad.requestsPerSecond
      ? round(load.requestsPerSecond / staticLoad.requestsPerSecond, 4)
      : 0;
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
  const cleanUp = () =>
    (cleaning ??= (async () => {
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

function progress(message: string): void {
  console.error(`[bench] ${message}`);
}

process.exitCode = await main();
