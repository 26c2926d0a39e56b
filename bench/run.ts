/**
 * Cap's performance benchmark: the bench is the proof of every speed claim.
 *
 * Starts the production server (`node build/server.js` over the current build/, NODE_ENV=production,
 * SERVER_TIMING=1) on PGlite in a throw-away DATA_DIR, or, with DATABASE_URL set, on a fresh
 * database created on that PostgreSQL server and dropped afterwards. WEB_CONCURRENCY passes
 * through (1 when unset: the figures are one process's). Two members are signed up through the
 * API: a new one, and the heavy member (bench/heavy.ts: 500 commitments, 50 past goals, 100 past
 * coaching sessions, every training done). Then, for every page in pages() (a public, a signed-in
 * and a form page of each area, and the heavy member's overview, commitments and coaching pages):
 *   - weight: the HTML and the first-load JS, CSS and data (the page strings it preloads) it
 *     references, raw and gzipped (zlib level 6);
 *   - queries: QUERY_SAMPLES sequential requests, their Server-Timing header read: database
 *     statements per request, their time, and the handler's time (median);
 *   - load: autocannon, CONNECTIONS connections for BENCH_SECONDS (default 10) after a 1 s warm-up,
 *     as a browser would ask (Accept-Encoding: gzip): requests/s (mean), latency p50/p95/p99 (ms),
 *     non-2xx answers, the page's req/s ÷ the req/s of the anchor (bench/anchor.ts: a vanilla
 *     Remix v2 hello page on remix-serve, built and loaded in the same run) and ÷ the req/s of a
 *     static file served by the same server (STATIC_PATH), the server's CPU time per request
 *     (utime + stime of its processes from /proc, over the load) and its resident memory after the
 *     load; once every page is loaded, each worker's memory: VmRSS and what the worker says of its
 *     heap, ArrayBuffers and other external memory (WebAssembly: PGlite) when sent SIGUSR2;
 *   - Lighthouse mobile (bench/lighthouse.ts; BENCH_LIGHTHOUSE=0 skips it): performance score,
 *     LCP, TBT, CLS and the accessibility score, once every load is done and the server has
 *     had 10 s to settle; the median of BENCH_LIGHTHOUSE_RUNS (3) audits, each started once the
 *     machine is quiet (bench/lighthouse.ts), with the range of their scores, LCPs, FCPs and blocking times.
 * One page is asked as a low-data browser asks (`Save-Data: on`): its weight says what such a
 * visitor downloads (the target: no JavaScript).
 * Then the heavy member's pages ÷ the new member's (time per request), each path loaded again in
 * pairs right after each other (new, heavy, heavy, new: BENCH_SECONDS ÷ 2 each), and, on PostgreSQL, the
 * gain of a second worker: the static file and a few pages again with 2 server processes (or 1,
 * when the main run had 2). Prints tables and writes the figures to bench/results/latest.json
 * (`npm run bench:results` writes them as tables in bench/results/latest.md). Timings are reported,
 * never asserted: the exit code is non-zero only when the server does not start, the seeding
 * fails, or a page or one of its assets does not answer 200.
 *
 * Then WRITERS members ticking and unticking commitments at once through the API, with the page
 * versions raised ÷ with their triggers off (bench/writes.ts; PostgreSQL only).
 * Run: npm run bench                      (builds first)
 *      BENCH_SECONDS=3 BENCH_LIGHTHOUSE=0 npm run bench
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *      BENCH_ONLY=writes DATABASE_URL=… npm run bench   (the write-concurrency row alone)
 */
import { createHmac } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { modulesTheLoaderImports } from "../app/.server/http/scripts-after-paint.server";
import { buildHello, HELLO_PATH, startHello } from "./anchor";
import { coachDayPath, COACH_SLUG } from "./coaching";
import { runDatabase, type RunDatabase } from "./database";
import { HEAVY, memberId, seedOverApi, seedWithSql } from "./heavy";
import { lighthouseUnavailable, medianAudit, type LighthouseResult } from "./lighthouse";
import { fire as fireLoad, percentile, round } from "./load";
import { signUp, type Headers } from "./member";
import {
  BenchError,
  cpuBetween,
  ROOT,
  serverCpu,
  serverMemory,
  sleep,
  startServer,
  workerMemory,
  type RunningServer,
  type WorkerMemory,
} from "./server";
import { gitCommit, positiveNumber } from "./settings";
import { table } from "./table";
import { measureWrites, printWrites, type WritesResult } from "./writes";

// ---------------------------------------------------------------------------------------------
// What to measure

type Area = "site" | "accounts" | "space" | "trainings" | "coaching" | "team" | "profile" | "author";
type Who = "visitor" | "low-data visitor" | "coach" | "new member" | "heavy member" | "author";

interface BenchPage {
  path: string;
  /** How the tables name it (the path, and "· heavy" for the heavy member's). */
  label: string;
  area: Area;
  kind: "public" | "signed-in" | "form";
  who: Who;
  /** What the page must show, or the run is meaningless (e.g. free times on a booking page). */
  mustShow?: { text: string; what: string };
}

/** What the pages need once the members exist: their headers and the coach agenda link. */
interface Cast {
  headers: Record<Who, Headers>;
  coachAgendaPath: string;
}

function pages(cast: Cast): BenchPage[] {
  const page = (
    path: string,
    area: Area,
    kind: BenchPage["kind"],
    who: Who,
    mustShow?: BenchPage["mustShow"],
    name = path,
  ): BenchPage => ({ path, label: who === "heavy member" ? `${name} · heavy` : name, area, kind, who, mustShow });
  return [
    page("/home", "site", "public", "visitor"),
    // The same page for a browser that asks for less data (Save-Data: on): no script expected.
    page("/home", "site", "public", "low-data visitor", undefined, "/home · Save-Data"),
    page("/coming-soon", "site", "public", "visitor"),
    page("/home/who-are-you", "site", "public", "visitor"),
    page("/home/start-freemium", "trainings", "form", "visitor"),
    page("/home/login", "accounts", "form", "visitor"),
    page("/home/register", "accounts", "form", "visitor"),
    page("/", "space", "signed-in", "new member"),
    page("/my_commitments", "space", "form", "new member"),
    page("/my_life_gps", "space", "form", "new member"),
    page("/trainings", "trainings", "signed-in", "new member"),
    page("/training/j-embarque/modules/prendre-la-barre", "trainings", "form", "new member"),
    page("/coaching", "coaching", "signed-in", "new member"),
    // A coach's booking page on a date with free times: the month view and the times of that day.
    page(coachDayPath(), "coaching", "form", "new member", { text: '<ul class="times">', what: "free times" }),
    // The coach's private agenda (no account: the link of their emails), with the heavy member's sessions.
    page(cast.coachAgendaPath, "coaching", "public", "coach", undefined, "/coach/agenda/{token}"),
    page("/my_team/list", "team", "signed-in", "new member"),
    page("/my_team/add", "team", "form", "new member"),
    page("/profile", "profile", "form", "new member"),
    page("/profile/time-zone", "profile", "form", "new member"),
    // The author space: the list of drafts and a training's editor.
    page("/author/trainings", "author", "signed-in", "author", { text: "J’embarque", what: "the trainings" }),
    page("/author/trainings/j-embarque", "author", "form", "author", {
      text: 'name="revision"',
      what: "the draft form",
    }),
    page("/", "space", "signed-in", "heavy member", { text: "Cap 51", what: "the current goal" }),
    page("/my_commitments", "space", "form", "heavy member", { text: "Engagement ", what: "commitments" }),
    page("/coaching", "coaching", "signed-in", "heavy member"),
  ];
}

/** The pages the heavy member's are compared with: the same paths for the new member. */
const HEAVY_PATHS = ["/", "/my_commitments", "/coaching"];

/** Pages loaded again with another number of workers (PostgreSQL only), beside the static file. */
const WORKER_PAGES: { path: string; who: Who }[] = [
  { path: "/home", who: "visitor" },
  { path: "/", who: "new member" },
  { path: "/trainings", who: "new member" },
];

/** A file from public/ served by express.static: the ceiling a page is compared with. */
const STATIC_PATH = "/favicon.svg";

const CONNECTIONS = 50;
const SECONDS = positiveNumber(process.env.BENCH_SECONDS, 10);
const WARMUP_SECONDS = 1;
const QUERY_SAMPLES = 5;
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== "0";
/** Lighthouse audits per page, the median reported (bench/lighthouse.ts medianAudit). */
const LIGHTHOUSE_RUNS = Math.round(positiveNumber(process.env.BENCH_LIGHTHOUSE_RUNS, 3));
const LIGHTHOUSE_SETTLE_MS = 10_000;
/** Each load of the heavy ÷ new comparison (new, heavy, heavy, new). */
const PAIRED_SECONDS = Math.max(2, SECONDS / 2);
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
  /** The server's CPU time (user + system, all its processes) over the load ÷ requests. */
  cpuMsPerRequest: number;
  /** Resident memory of the server's processes (VmRSS summed) right after the load, MB. */
  rssMbAfter: number;
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

/** From the Server-Timing header of QUERY_SAMPLES sequential requests (medians). */
interface Queries {
  perRequest: number;
  dbMs: number;
  /** The handler's time until the answer's headers, one request at a time, unloaded. */
  appMs: number;
}

interface PageResult {
  path: string;
  label: string;
  area: Area;
  kind: BenchPage["kind"];
  who: Who;
  weight: Weight;
  queries: Queries | null;
  load: LoadResult;
  /** load.requestsPerSecond ÷ the hello page's requests/s (the anchor, same run). */
  ratioToHello: number;
  /** load.requestsPerSecond ÷ the static file's requests/s. */
  ratioToStatic: number;
  lighthouse: LighthouseResult | null;
}

/**
 * The heavy member's page against the new member's, loaded in pairs right after each other (new,
 * heavy, heavy, new: PAIRED_SECONDS each), so that a drift of the machine or the server through the
 * run weighs on both alike; the pages' own rows, loaded minutes apart, are not compared.
 */
interface HeavyComparison {
  path: string;
  /** The mean of the two loads of each. */
  newRps: number;
  heavyRps: number;
  /** Time per request under load, heavy ÷ new (= new req/s ÷ heavy req/s); the target is ≤ 1.5. */
  timeRatio: number;
  p50Ratio: number;
  cpuRatio: number;
  newQueries: number | null;
  heavyQueries: number | null;
}

interface WorkersResult {
  /** Why the comparison was not made (PGlite takes one process), or null. */
  skipped: string | null;
  baseline: number;
  other: number;
  /** gain: the rate with two workers ÷ the rate with one, whichever of them the main run had. */
  rows: { path: string; baselineRps: number; otherRps: number; gain: number }[];
  /** Each worker's memory after the comparison's loads (MB). */
  memory: WorkerMemory[];
}

interface Report {
  generatedAt: string;
  commit: string | null;
  node: string;
  machine: { cpus: number; model: string; memoryGb: number; os: string };
  database: string;
  webConcurrency: number;
  settings: {
    seconds: number;
    /** Each load of the heavy ÷ new comparison. */
    pairedSeconds: number;
    warmupSeconds: number;
    connections: number;
    loadHeaders: Headers;
    querySamples: number;
    lighthouse: string;
  };
  heavyMember: typeof HEAVY & { trainings: "all done" };
  static: { path: string; load: LoadResult };
  /** The anchor: a vanilla Remix v2 hello page on remix-serve (bench/anchor.ts), loaded in this run. */
  hello: { path: string; load: LoadResult };
  pages: PageResult[];
  /** Each worker's memory once every page's load is done (MB). */
  memory: WorkerMemory[];
  heavy: HeavyComparison[];
  /** Members writing at once through the API, with the page versions raised ÷ without (bench/writes.ts). */
  writes: WritesResult;
  workers: WorkersResult;
}

// ---------------------------------------------------------------------------------------------
// Load: autocannon, with the server's CPU and memory around it

async function measureLoad(
  server: RunningServer,
  url: string,
  headers: Headers,
  seconds = SECONDS,
): Promise<LoadResult> {
  await fire(url, headers, WARMUP_SECONDS);
  const cpuBefore = serverCpu(server);
  const { result, latencies } = await fire(url, headers, seconds);
  const cpuMs = cpuBetween(cpuBefore, serverCpu(server));
  const requests = result.requests.total;
  return {
    requestsPerSecond: round(result.requests.average, 1),
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
    requests,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpuMsPerRequest: requests ? round(cpuMs / requests, 2) : 0,
    rssMbAfter: round(serverMemory(server).reduce((sum, p) => sum + p.rssKb, 0) / 1024, 1),
  };
}

/** One autocannon run of CONNECTIONS connections, as a browser would ask. */
function fire(url: string, headers: Headers, seconds: number) {
  return fireLoad({ url, connections: CONNECTIONS, duration: seconds, headers: { ...LOAD_HEADERS, ...headers } });
}

// ---------------------------------------------------------------------------------------------
// Queries: the Server-Timing header (SERVER_TIMING=1)

async function measureQueries(url: string, headers: Headers): Promise<Queries | null> {
  const samples: { queries: number; dbMs: number; appMs: number }[] = [];
  for (let n = 0; n < QUERY_SAMPLES; n++) {
    const response = await fetch(url, { headers: { ...LOAD_HEADERS, ...headers }, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new BenchError(`GET ${new URL(url).pathname} answered ${response.status}`);
    const timing = response.headers.get("server-timing") ?? "";
    const db = /db;desc="queries";dur=([\d.]+)/.exec(timing);
    const count = /db-queries;desc="(\d+)"/.exec(timing);
    const app = /app;dur=([\d.]+)/.exec(timing);
    if (!db || !count || !app) return null;
    samples.push({ queries: Number(count[1]), dbMs: Number(db[1]), appMs: Number(app[1]) });
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    perRequest: median(samples.map((s) => s.queries)),
    dbMs: round(median(samples.map((s) => s.dbMs)), 1),
    appMs: round(median(samples.map((s) => s.appMs)), 1),
  };
}

// ---------------------------------------------------------------------------------------------
// Weight: the HTML and its first-load assets

async function measureWeight(url: string, headers: Headers, mustShow?: BenchPage["mustShow"]): Promise<Weight> {
  const html = await fetchOk(url, headers);
  const text = html.toString("utf8");
  if (mustShow && !text.includes(mustShow.text))
    throw new BenchError(`GET ${new URL(url).pathname} shows no ${mustShow.what} ("${mustShow.text}")`);
  const { js, css, data } = firstLoadAssets(text, url);
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
 * <link rel=stylesheet>, the /build/ modules imported by inline scripts (the loader that replaces
 * Remix's module script imports the route modules, their chunks and the client entry once the page
 * is painted: app/.server/http/scripts-after-paint.server.ts), and the page's strings (the
 * `data-strings` of <html>, which the loader asks for). Absolute URLs, deduplicated, in document order.
 */
function firstLoadAssets(html: string, pageUrl: string): { js: string[]; css: string[]; data: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const data: string[] = [];

  for (const [, attributeText, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = parseAttributes(attributeText);
    if (attributes.src) js.push(attributes.src);
    else js.push(...importedBuildModules(body));
  }
  const strings = /<html\b[^>]*\sdata-strings="([^"]+)"/i.exec(html)?.[1];
  if (strings) data.push(decodeEntities(strings));
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
 * The /build/ modules an inline script imports: `import "…"`, `import * as x from "…"`,
 * `import("…")`, and the loader's lists of modules it imports a step at a time
 * (`["…","…"].forEach(…)`). Only those: with lazy route discovery Remix also inlines part of the
 * manifest, whose other module URLs (routes the page links to, the manifest file) are not loaded up
 * front.
 */
function importedBuildModules(script: string): string[] {
  const imports = script.matchAll(/\bimport\s*(?:\(\s*|[\w*{}\s,$]+\bfrom\s*)?["'](\/build\/[^"']+\.js)["']/g);
  return [...[...imports].map(([, url]) => url), ...modulesTheLoaderImports(script)];
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
  const helloToStatic = report.static.load.requestsPerSecond
    ? report.hello.load.requestsPerSecond / report.static.load.requestsPerSecond
    : 0;
  const { seconds, connections } = report.settings;
  console.log(
    `\n${report.database}, WEB_CONCURRENCY=${report.webConcurrency}, ${report.commit ?? "no commit"}, node ${report.node}, ` +
      `${report.machine.cpus} × ${report.machine.model}, ${report.machine.memoryGb} GB`,
  );
  console.log(
    `\nLoad: ${connections} connections, ${seconds} s each (after ${report.settings.warmupSeconds} s warm-up); ` +
      `queries: median of ${report.settings.querySamples} sequential requests (Server-Timing)\n`,
  );
  const loadCells = (load: LoadResult, toHello: number | null, toStatic: number) => [
    load.requestsPerSecond.toFixed(0),
    load.latencyMs.p50.toFixed(1),
    load.latencyMs.p99.toFixed(1),
    String(load.non2xx + load.errors + load.timeouts),
    toHello === null ? "-" : toHello.toFixed(2),
    toStatic.toFixed(3),
    load.cpuMsPerRequest.toFixed(2),
    load.rssMbAfter.toFixed(0),
  ];
  console.log(
    table(
      [
        "target",
        "who",
        "req/s",
        "p50 ms",
        "p99 ms",
        "failed",
        "÷ hello",
        "÷ static",
        "CPU ms/req",
        "RSS MB",
        "queries",
        "db ms",
        "app ms",
      ],
      [
        [`${report.static.path} (static)`, "", ...loadCells(report.static.load, null, 1), "-", "-", "-"],
        [
          `${report.hello.path} (hello, remix-serve)`,
          "",
          ...loadCells(report.hello.load, 1, helloToStatic),
          "-",
          "-",
          "-",
        ],
        ...report.pages.map((page) => [
          page.label,
          page.who,
          ...loadCells(page.load, page.ratioToHello, page.ratioToStatic),
          page.queries ? String(page.queries.perRequest) : "?",
          page.queries ? page.queries.dbMs.toFixed(1) : "?",
          page.queries ? page.queries.appMs.toFixed(1) : "?",
        ]),
      ],
    ),
  );

  console.log(
    "\nRSS MB: all the server's processes (supervisor and workers) after the page's load; the anchor's: remix-serve's one process",
  );
  printMemory(`\nEach worker's memory after every page's load (MB)`, report.memory);

  console.log("\nFirst-load weight (kB = 1000 bytes; gzip level 6, file by file)\n");
  console.log(
    table(
      ["page", "HTML raw", "HTML gz", "JS files", "JS raw", "JS gz", "CSS gz", "data gz", "HTML+CSS gz"],
      report.pages.map(({ label, weight: { html, js, css, data } }) => [
        label,
        kB(html.raw),
        kB(html.gzip),
        String(js.files.length),
        kB(js.raw),
        kB(js.gzip),
        kB(css.gzip),
        kB(data.gzip),
        kB(html.gzip + css.gzip),
      ]),
    ),
  );

  console.log(`\nLighthouse mobile (${report.settings.lighthouse})\n`);
  if (report.pages.some((page) => page.lighthouse)) {
    console.log(
      table(
        [
          "page",
          "perf",
          "perf range",
          "LCP s",
          "LCP range s",
          "TBT ms",
          "TBT range ms",
          "CLS",
          "FCP s",
          "FCP range s",
          "a11y",
          "a11y failing / error",
        ],
        report.pages.map(({ label, lighthouse: lh }) => [
          label,
          ...(lh
            ? [
                num(lh.performance, 0),
                lh.performanceRange ? lh.performanceRange.join("–") : "-",
                num(lh.lcpMs === null ? null : lh.lcpMs / 1000, 2),
                secondsRange(lh.lcpRangeMs),
                num(lh.tbtMs, 0),
                lh.tbtRangeMs ? lh.tbtRangeMs.join("–") : "-",
                num(lh.cls, 3),
                num(lh.fcpMs === null ? null : lh.fcpMs / 1000, 2),
                secondsRange(lh.fcpRangeMs),
                num(lh.accessibility, 0),
                lh.error ?? lh.accessibilityFailures?.join(" ") ?? "",
              ]
            : ["-", "-", "-", "-", "-", "-", "-", "-", "-", "-", ""]),
        ]),
      ),
    );
  }

  console.log(
    `\nThe heavy member (${HEAVY.commitments} commitments, ${HEAVY.pastGoals} past goals, ${HEAVY.coachingSessions} past coaching sessions, every training done) ÷ a new member, loaded in turn (new, heavy, heavy, new: ${PAIRED_SECONDS} s each)\n`,
  );
  console.log(
    table(
      ["page", "new req/s", "heavy req/s", "time ×", "p50 ×", "CPU ×", "queries new", "queries heavy"],
      report.heavy.map((row) => [
        row.path,
        row.newRps.toFixed(0),
        row.heavyRps.toFixed(0),
        row.timeRatio.toFixed(2),
        row.p50Ratio.toFixed(2),
        row.cpuRatio.toFixed(2),
        row.newQueries === null ? "?" : String(row.newQueries),
        row.heavyQueries === null ? "?" : String(row.heavyQueries),
      ]),
    ),
  );

  printWrites(report.writes);

  const { workers } = report;
  console.log(`\nWorkers: ${workers.baseline} vs ${workers.other} server processes (req/s)\n`);
  if (workers.skipped) console.log(`skipped: ${workers.skipped}`);
  else
    console.log(
      table(
        [
          "target",
          `${workers.baseline} worker${workers.baseline > 1 ? "s" : ""}`,
          `${workers.other} worker${workers.other > 1 ? "s" : ""}`,
          "2 ÷ 1 worker ×",
        ],
        workers.rows.map((row) => [row.path, row.baselineRps.toFixed(0), row.otherRps.toFixed(0), row.gain.toFixed(2)]),
      ),
    );
  if (!workers.skipped)
    printMemory(`\nEach worker's memory after the ${workers.other}-worker loads (MB)`, workers.memory);
  console.log(
    `\nWritten to ${path.relative(process.cwd(), RESULTS_FILE)} (npm run bench:results writes its tables to bench/results/latest.md)`,
  );
}

/**
 * VmRSS per worker, and what the worker says: V8's heap (used / total), ArrayBuffers, the rest of
 * V8's external memory (WebAssembly: PGlite's engine), and what none of these hold (native: code,
 * libraries, allocations outside V8).
 */
function printMemory(title: string, memory: WorkerMemory[]): void {
  console.log(`${title}\n`);
  const mb = (value: number | null) => (value === null ? "?" : value.toFixed(0));
  console.log(
    table(
      ["worker", "RSS", "heap used", "heap total", "ArrayBuffers", "wasm & other external", "native (rest)"],
      memory.map((worker) => [
        String(worker.pid),
        mb(worker.rssMb),
        mb(worker.heapUsedMb),
        mb(worker.heapTotalMb),
        mb(worker.arrayBuffersMb),
        mb(worker.wasmAndOtherExternalMb),
        worker.heapTotalMb === null
          ? "?"
          : mb(worker.rssMb - worker.heapTotalMb - worker.arrayBuffersMb! - worker.wasmAndOtherExternalMb!),
      ]),
    ),
  );
}

function secondsRange(range: [number, number] | undefined): string {
  return range ? `${(range[0] / 1000).toFixed(2)}–${(range[1] / 1000).toFixed(2)}` : "-";
}

function kB(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}

function num(value: number | null, digits: number): string {
  return value === null ? "?" : value.toFixed(digits);
}

// ---------------------------------------------------------------------------------------------
// The run

/** The server as it is now: the PGlite seeding restarts it (on another port). */
interface Run {
  workDir: string;
  database: RunDatabase;
  webConcurrency: number;
  server?: RunningServer;
}

function serverEnv(webConcurrency: number): Record<string, string> {
  return { SERVER_TIMING: "1", WEB_CONCURRENCY: String(webConcurrency) };
}

async function start(run: Run, webConcurrency = run.webConcurrency): Promise<RunningServer> {
  const logStart = existsSync(path.join(run.workDir, "server.log"))
    ? readFileSync(path.join(run.workDir, "server.log"), "utf8").length
    : 0;
  const server = await startServer(run.workDir, { databaseUrl: run.database.url, env: serverEnv(webConcurrency) });
  run.server = server;
  // /healthz answered: one worker listens; the others may still be starting.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const log = readFileSync(server.logFile, "utf8").slice(logStart);
    if ((log.match(/Cap listening/g) ?? []).length >= webConcurrency) break;
    await sleep(250);
  }
  return server;
}

/** The two members, the heavy one seeded; answers what the pages need. */
async function prepareCast(run: Run): Promise<Cast> {
  const stamp = Date.now();
  const server = run.server!;
  progress("signing up the new member and the heavy member");
  const fresh = await signUp(server, `bench-${stamp}@cap.test`);
  const heavy = await signUp(server, `bench-heavy-${stamp}@cap.test`);
  const heavyId = await memberId(server, heavy.headers);
  const author = await signUp(server, `bench-author-${stamp}@cap.test`);
  const authorId = await memberId(server, author.headers);

  let coaches: Awaited<ReturnType<typeof seedWithSql>>;
  if (run.database.url) {
    progress("heavy member: past coaching sessions and a grant, with SQL");
    coaches = await seedWithSql({ url: run.database.url }, heavyId, authorId);
  } else {
    progress(
      "heavy member: past coaching sessions and a grant, with SQL (the server stopped: PGlite takes one process)",
    );
    await server.stop();
    run.server = undefined;
    coaches = await seedWithSql({ pgliteDir: path.join(run.workDir, "data", "pglite") }, heavyId, authorId);
    progress("starting the server again");
    await start(run);
  }
  progress(
    `heavy member: ${HEAVY.commitments} commitments, ${HEAVY.pastGoals + 1} goals, every training, through the API`,
  );
  await seedOverApi(run.server!, heavy.headers);

  const coach = coaches.find((candidate) => candidate.slug === COACH_SLUG);
  if (!coach) throw new BenchError(`no coach ${COACH_SLUG} in the database`);
  const coachAgendaPath = `/coach/agenda/${agendaToken(run, coach)}`;
  return {
    headers: {
      visitor: {},
      "low-data visitor": { "save-data": "on" },
      coach: await languageCookie(run.server!, coachAgendaPath),
      "new member": fresh.headers,
      "heavy member": heavy.headers,
      author: author.headers,
    },
    coachAgendaPath,
  };
}

/**
 * A coach's first visit to their agenda sets the language cookie (their language) and comes back
 * to the same address: the cookie a coach's browser then sends.
 */
async function languageCookie(server: RunningServer, pagePath: string): Promise<Headers> {
  const first = await fetch(server.baseUrl + pagePath, { redirect: "manual" });
  await first.body?.cancel();
  const cookie = first.headers.getSetCookie().map((value) => value.split(";")[0]);
  return cookie.length ? { cookie: cookie.join("; ") } : {};
}

/** app/.server/coaching/agenda/agenda-link.server.ts's token: HMAC(SESSION_SECRET, coach id + generation). */
function agendaToken(run: Run, coach: { id: string; generation: number }): string {
  const secret =
    process.env.SESSION_SECRET ?? readFileSync(path.join(run.workDir, "data", "session-secret"), "utf8").trim();
  return createHmac("sha256", secret).update(`coach-agenda:${coach.id}:${coach.generation}`).digest("base64url");
}

async function benchmark(run: Run): Promise<Report> {
  const cast = await prepareCast(run);
  const server = run.server!;
  const list = pages(cast);

  // Check, weigh and count every page first: a page that does not answer 200 fails the run early.
  const prepared: { page: BenchPage; weight: Weight; queries: Queries | null }[] = [];
  for (const page of list) {
    progress(`weighing ${page.label}`);
    const url = server.baseUrl + page.path;
    const headers = cast.headers[page.who];
    const weight = await measureWeight(url, headers, page.mustShow);
    prepared.push({ page, weight, queries: await measureQueries(url, headers) });
  }

  progress(`loading ${STATIC_PATH}`);
  const staticLoad = await measureLoad(server, server.baseUrl + STATIC_PATH, {});
  const helloLoad = await loadHello(run);
  const ratio = (rps: number, anchor: LoadResult) =>
    anchor.requestsPerSecond ? round(rps / anchor.requestsPerSecond, 4) : 0;
  const results: PageResult[] = [];
  for (const { page, weight, queries } of prepared) {
    progress(`loading ${page.label}`);
    const load = await measureLoad(server, server.baseUrl + page.path, cast.headers[page.who]);
    const { path: pagePath, label, area, kind, who } = page;
    results.push({
      path: pagePath,
      label,
      area,
      kind,
      who,
      weight,
      queries,
      load,
      ratioToHello: ratio(load.requestsPerSecond, helloLoad),
      ratioToStatic: ratio(load.requestsPerSecond, staticLoad),
      lighthouse: null,
    });
  }
  progress("reading each worker's memory");
  const memory = await workerMemory(server);
  const heavy = await compareHeavy(server, results, cast);
  const writes = await measureWrites(server, run.database.url, PAIRED_SECONDS, progress);

  let lighthouse = "skipped (BENCH_LIGHTHOUSE=0)";
  if (LIGHTHOUSE) {
    const unavailable = lighthouseUnavailable();
    if (unavailable) lighthouse = `skipped: ${unavailable}`;
    else {
      // Lighthouse's simulation takes the server's response time from the load it observes: right
      // after the loads, the server is still collecting garbage and the database writing back, and
      // the first pages audited read a slow server. Let it settle, and answer each page once before.
      await sleep(LIGHTHOUSE_SETTLE_MS);
      for (const result of results) {
        progress(`Lighthouse ${result.label}`);
        const url = server.baseUrl + result.path;
        await (await fetch(url, { headers: cast.headers[result.who] })).arrayBuffer();
        result.lighthouse = await medianAudit(url, cast.headers[result.who], LIGHTHOUSE_RUNS);
      }
      const version = results.find((result) => result.lighthouse?.version)?.lighthouse?.version ?? "?";
      lighthouse = `Lighthouse ${version}, default mobile settings: Slow 4G and 4× CPU slowdown, simulated; Debian's chromium; the median of ${LIGHTHOUSE_RUNS} runs per page, each once the machine was 85 % idle for a second (30 s at most)`;
    }
  }

  const workers = await compareWorkers(run, staticLoad, results, cast);

  return {
    generatedAt: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    machine: {
      cpus: os.availableParallelism(),
      model: os.cpus()[0]?.model.trim() ?? "unknown",
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      os: `${os.type()} ${os.release()}`,
    },
    database: run.database.url ? "PostgreSQL" : "PGlite",
    webConcurrency: run.webConcurrency,
    settings: {
      seconds: SECONDS,
      pairedSeconds: PAIRED_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      connections: CONNECTIONS,
      loadHeaders: LOAD_HEADERS,
      querySamples: QUERY_SAMPLES,
      lighthouse,
    },
    heavyMember: { ...HEAVY, trainings: "all done" },
    static: { path: STATIC_PATH, load: staticLoad },
    hello: { path: HELLO_PATH, load: helloLoad },
    pages: results,
    memory,
    heavy,
    writes,
    workers,
  };
}

/** The anchor's load: remix-serve started for it alone (the hello app built at the run's start), then stopped. */
async function loadHello(run: Run): Promise<LoadResult> {
  progress("starting the anchor (bench/hello on remix-serve)");
  const hello = await startHello(run.workDir);
  try {
    progress(`loading the anchor ${HELLO_PATH}`);
    return await measureLoad(hello, hello.baseUrl + HELLO_PATH, {});
  } finally {
    await hello.stop();
  }
}

async function compareHeavy(server: RunningServer, results: PageResult[], cast: Cast): Promise<HeavyComparison[]> {
  const comparisons: HeavyComparison[] = [];
  for (const pagePath of HEAVY_PATHS) {
    const fresh = results.find((r) => r.path === pagePath && r.who === "new member");
    const heavy = results.find((r) => r.path === pagePath && r.who === "heavy member");
    if (!fresh || !heavy) continue;
    progress(`comparing ${pagePath}: new, heavy, heavy, new member (${PAIRED_SECONDS} s each)`);
    const url = server.baseUrl + pagePath;
    const loads: Record<"new member" | "heavy member", LoadResult[]> = { "new member": [], "heavy member": [] };
    for (const who of ["new member", "heavy member", "heavy member", "new member"] as const)
      loads[who].push(await measureLoad(server, url, cast.headers[who], PAIRED_SECONDS));
    const mean = (of: LoadResult[], value: (load: LoadResult) => number) =>
      of.reduce((sum, load) => sum + value(load), 0) / of.length;
    const [newLoads, heavyLoads] = [loads["new member"], loads["heavy member"]];
    const ratio = (a: number, b: number) => (b ? round(a / b, 2) : 0);
    const newRps = mean(newLoads, (load) => load.requestsPerSecond);
    const heavyRps = mean(heavyLoads, (load) => load.requestsPerSecond);
    comparisons.push({
      path: pagePath,
      newRps: round(newRps, 1),
      heavyRps: round(heavyRps, 1),
      timeRatio: ratio(newRps, heavyRps),
      p50Ratio: ratio(
        mean(heavyLoads, (load) => load.latencyMs.p50),
        mean(newLoads, (load) => load.latencyMs.p50),
      ),
      cpuRatio: ratio(
        mean(heavyLoads, (load) => load.cpuMsPerRequest),
        mean(newLoads, (load) => load.cpuMsPerRequest),
      ),
      newQueries: fresh.queries?.perRequest ?? null,
      heavyQueries: heavy.queries?.perRequest ?? null,
    });
  }
  return comparisons;
}

/**
 * On PostgreSQL: the server started again with the other number of workers (2, or 1 when the main
 * run had 2 or more), the static file and WORKER_PAGES loaded again, beside the main run's figures.
 */
async function compareWorkers(
  run: Run,
  staticLoad: LoadResult,
  results: PageResult[],
  cast: Cast,
): Promise<WorkersResult> {
  const baseline = run.webConcurrency;
  const other = baseline === 1 ? 2 : 1;
  if (!run.database.url)
    return {
      skipped: "PGlite takes one process; set DATABASE_URL to compare",
      baseline,
      other,
      rows: [],
      memory: [],
    };
  progress(`starting the server again with ${other} worker${other > 1 ? "s" : ""}`);
  await run.server?.stop();
  run.server = undefined;
  const server = await start(run, other);
  const rows: WorkersResult["rows"] = [];
  progress(`loading ${STATIC_PATH} (${other} workers)`);
  const otherStatic = await measureLoad(server, server.baseUrl + STATIC_PATH, {});
  rows.push(row(`${STATIC_PATH} (static)`, staticLoad.requestsPerSecond, otherStatic.requestsPerSecond));
  for (const { path: pagePath, who } of WORKER_PAGES) {
    const main = results.find((r) => r.path === pagePath && r.who === who);
    if (!main) continue;
    progress(`loading ${pagePath} (${other} workers)`);
    const load = await measureLoad(server, server.baseUrl + pagePath, cast.headers[who]);
    rows.push(row(main.label, main.load.requestsPerSecond, load.requestsPerSecond));
  }
  return { skipped: null, baseline, other, rows, memory: await workerMemory(server) };

  function row(label: string, baselineRps: number, otherRps: number) {
    const [two, one] = other > baseline ? [otherRps, baselineRps] : [baselineRps, otherRps];
    return { path: label, baselineRps, otherRps, gain: one ? round(two / one, 2) : 0 };
  }
}

async function main(): Promise<number> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), "cap-bench-"));
  const webConcurrency = Math.round(positiveNumber(process.env.WEB_CONCURRENCY, 1));
  let run: Run | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await run?.server?.stop();
      await run?.database.drop();
      await rm(workDir, { recursive: true, force: true });
    })());
  const interrupt = () => {
    progress("interrupted: stopping the server");
    void cleanUp().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);

  try {
    // BENCH_ONLY=writes: the write-concurrency row alone (bench/writes.ts), printed, nothing written.
    const writesOnly = process.env.BENCH_ONLY === "writes";
    if (!writesOnly) {
      progress("building the anchor (bench/hello: remix build)");
      buildHello();
    }
    run = { workDir, database: await runDatabase("cap_bench"), webConcurrency };
    progress(`starting the server on ${run.database.label}, WEB_CONCURRENCY=${webConcurrency} (data in ${workDir})`);
    await start(run);
    if (writesOnly) {
      printWrites(await measureWrites(run.server!, run.database.url, PAIRED_SECONDS, progress));
      return 0;
    }
    const report = await benchmark(run);
    await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
    const json = `${JSON.stringify(report, null, 2)}\n`;
    await writeFile(RESULTS_FILE, json);
    // The last run on each database as well: bench/results/latest.md shows both (npm run bench:results).
    await writeFile(RESULTS_FILE.replace(/\.json$/, `-${report.database.toLowerCase()}.json`), json);
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
  console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${message}`);
}

process.exitCode = await main();
