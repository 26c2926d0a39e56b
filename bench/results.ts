/**
 * `npm run bench:results`: the last bench run on each database (bench/results/latest-pglite.json,
 * latest-postgresql.json; or the files given as arguments) as tables in bench/results/latest.md,
 * which bench/README.md links. The whole file is written anew; nothing else changes.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./server";
import type { WritesResult } from "./writes";

type Lh = {
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  fcpMs?: number | null;
  /** Of several runs: the lowest and highest score, LCP and FCP (the other figures are the median run's). */
  performanceRange?: [number, number];
  lcpRangeMs?: [number, number];
  fcpRangeMs?: [number, number];
  tbtMs: number | null;
  cls: number | null;
  error?: string;
};
type Page = {
  label: string;
  who: string;
  kind: string;
  area: string;
  load: {
    requestsPerSecond: number;
    latencyMs: { p99: number };
    cpuMsPerRequest: number;
    rssMbAfter: number;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  /** Absent from runs made before the bench had its anchor. */
  ratioToHello?: number;
  ratioToStatic: number;
  queries: { perRequest: number } | null;
  weight: { html: { gzip: number }; css: { gzip: number }; js: { gzip: number } };
  lighthouse: Lh | null;
};
type Memory = {
  pid: number;
  rssMb: number;
  heapUsedMb: number | null;
  arrayBuffersMb: number | null;
  wasmAndOtherExternalMb: number | null;
};
type Report = {
  generatedAt: string;
  commit: string | null;
  node: string;
  machine: { cpus: number; model: string; memoryGb: number; os: string };
  database: string;
  webConcurrency: number;
  settings: { seconds: number; pairedSeconds: number; connections: number; lighthouse: string };
  heavyMember: { commitments: number; pastGoals: number; coachingSessions: number };
  static: { path: string; load: { requestsPerSecond: number } };
  hello?: { path: string; load: { requestsPerSecond: number; latencyMs: { p99: number } } };
  pages: Page[];
  memory?: Memory[];
  heavy: {
    path: string;
    newRps: number;
    heavyRps: number;
    timeRatio: number;
    cpuRatio: number;
    newQueries: number | null;
    heavyQueries: number | null;
  }[];
  /** Runs before the write-concurrency row have none. */
  writes?: WritesResult;
  workers: {
    skipped: string | null;
    baseline: number;
    other: number;
    rows: { path: string; baselineRps: number; otherRps: number; gain: number }[];
    memory?: Memory[];
  };
};

/** By default the last run on each database (run.ts writes latest-pglite.json, latest-postgresql.json). */
const results = path.join(ROOT, "bench", "results");
const byDatabase = ["latest-pglite.json", "latest-postgresql.json"].map((file) => path.join(results, file));
const files = process.argv.slice(2);
const chosen = files.length ? files : byDatabase.filter((file) => existsSync(file));
const reports = (chosen.length ? chosen : [path.join(results, "latest.json")]).map(
  (file) => JSON.parse(readFileSync(file, "utf8")) as Report,
);

const markdown = reports.map(render).join("\n\n");
const tablesPath = path.join(results, "latest.md");
writeFileSync(
  tablesPath,
  "# The last bench run on each database\n\n" +
    "Written by `npm run bench:results` from `npm run bench`'s figures; what each column means is in " +
    "[the bench's README](../README.md).\n\n" +
    `${markdown}\n`,
);
// The repository's formatter aligns the tables' columns (npm run lint checks Markdown too).
execFileSync(path.join(ROOT, "node_modules", ".bin", "biome"), ["format", "--write", tablesPath], { stdio: "ignore" });
console.log(`${path.relative(ROOT, tablesPath)}: ${reports.length} run${reports.length > 1 ? "s" : ""} written`);

function render(report: Report): string {
  const lines: string[] = [];
  const { machine } = report;
  lines.push(
    `**${report.database}**, WEB_CONCURRENCY=${report.webConcurrency}, ${report.generatedAt.slice(0, 10)}, ` +
      `commit ${report.commit ?? "?"}, ${report.settings.connections} connections × ${report.settings.seconds} s, ` +
      `on ${machine.cpus} cores (${machine.model}, ${machine.memoryGb} GB, ${machine.os}), node ${report.node}. ` +
      `Static file (${report.static.path}): ${report.static.load.requestsPerSecond.toFixed(0)} req/s.` +
      (report.hello
        ? ` Anchor, a vanilla Remix v2 hello page on remix-serve (bench/hello/), same run: ${report.hello.load.requestsPerSecond.toFixed(0)} req/s, p99 ${report.hello.load.latencyMs.p99.toFixed(0)} ms.`
        : ""),
  );
  lines.push("");
  lines.push(
    row([
      "page",
      "who",
      "req/s",
      "÷ hello",
      "÷ static",
      "p99 ms",
      "queries",
      "CPU ms/req",
      "RSS MB",
      "HTML+CSS gz KB",
      "JS gz KB",
      "LH perf (range)",
      "LCP s (range)",
      "FCP s (range)",
      "TBT ms",
      "CLS",
      "a11y",
    ]),
  );
  lines.push(row(Array(17).fill("---")));
  for (const page of report.pages) {
    const lh = page.lighthouse;
    const failed = page.load.non2xx + page.load.errors + page.load.timeouts;
    lines.push(
      row([
        `\`${page.label.length > 48 ? `${page.label.slice(0, 45)}…` : page.label}\``,
        page.who,
        page.load.requestsPerSecond.toFixed(0) + (failed ? ` (${failed} failed)` : ""),
        page.ratioToHello === undefined ? "–" : page.ratioToHello.toFixed(2),
        page.ratioToStatic.toFixed(3),
        page.load.latencyMs.p99.toFixed(0),
        page.queries ? String(page.queries.perRequest) : "?",
        page.load.cpuMsPerRequest.toFixed(1),
        page.load.rssMbAfter.toFixed(0),
        ((page.weight.html.gzip + page.weight.css.gzip) / 1000).toFixed(1),
        (page.weight.js.gzip / 1000).toFixed(1),
        lh ? value(lh.performance, 0) + (lh.performanceRange ? ` (${lh.performanceRange.join("–")})` : "") : "–",
        lh ? seconds(lh.lcpMs) + secondsRange(lh.lcpRangeMs) : "–",
        lh ? seconds(lh.fcpMs ?? null) + secondsRange(lh.fcpRangeMs) : "–",
        lh ? value(lh.tbtMs, 0) : "–",
        lh ? value(lh.cls, 3) : "–",
        lh ? value(lh.accessibility, 0) : "–",
      ]),
    );
  }
  lines.push("");
  const heavy = report.heavyMember;
  lines.push(
    `Heavy member (${heavy.commitments} commitments, ${heavy.pastGoals} past goals, ${heavy.coachingSessions} past coaching sessions, every training done) ÷ new member, time per request under load, each path loaded in turn (new, heavy, heavy, new; ${report.settings.pairedSeconds} s each): ` +
      report.heavy
        .map(
          (h) =>
            `\`${h.path}\` ${h.timeRatio.toFixed(2)}× (CPU ${h.cpuRatio.toFixed(2)}×, queries ${h.newQueries ?? "?"} → ${h.heavyQueries ?? "?"})`,
        )
        .join(", ") +
      ".",
  );
  lines.push("");
  if (report.writes) {
    const { writes } = report;
    lines.push(
      writes.skipped || !writes.withVersions || !writes.withoutVersions
        ? `Write concurrency: not measured (${writes.skipped ?? "no figures"}).`
        : `Write concurrency, ${writes.writers} members ticking at once through the API: ` +
            `${writes.withVersions.writesPerSecond.toFixed(0)} writes/s with the page versions raised, ` +
            `${writes.withoutVersions.writesPerSecond.toFixed(0)} with their triggers off: ${writes.ratio?.toFixed(2) ?? "?"}× ` +
            `(p99 ${writes.withVersions.p99} ms and ${writes.withoutVersions.p99} ms).`,
    );
    lines.push("");
  }
  const { workers } = report;
  lines.push(
    workers.skipped
      ? `Workers: not compared (${workers.skipped}).`
      : `Workers, req/s with ${workers.baseline} → ${workers.other}: ` +
          workers.rows
            .map((w) => {
              // Two workers' rate ÷ one's, whichever the main run had (read from the rates themselves).
              const [two, one] =
                workers.other > workers.baseline ? [w.otherRps, w.baselineRps] : [w.baselineRps, w.otherRps];
              const gain = one ? (two / one).toFixed(2) : "–";
              return `\`${w.path}\` ${w.baselineRps.toFixed(0)} → ${w.otherRps.toFixed(0)} (two workers ${gain}× one)`;
            })
            .join(", ") +
          ".",
  );
  if (report.memory?.length) {
    lines.push("");
    lines.push(`Memory per worker after the load: ${report.memory.map(memory).join("; ")}.`);
  }
  if (workers.memory?.length)
    lines.push(`With ${workers.other} workers, after their load: ${workers.memory.map(memory).join("; ")}.`);
  lines.push("");
  lines.push(`Lighthouse: ${report.settings.lighthouse}.`);
  return lines.join("\n");
}

/** One worker's memory in a sentence: RSS, then V8's heap, ArrayBuffers, WebAssembly and other external. */
function memory(worker: Memory): string {
  const mb = (value: number | null) => (value === null ? "?" : value.toFixed(0));
  return (
    `RSS ${mb(worker.rssMb)} MB (heap used ${mb(worker.heapUsedMb)}, ArrayBuffers ${mb(worker.arrayBuffersMb)}, ` +
    `wasm & other external ${mb(worker.wasmAndOtherExternalMb)})`
  );
}

function seconds(ms: number | null): string {
  return value(ms === null ? null : ms / 1000, 2);
}

function secondsRange(range: [number, number] | undefined): string {
  return range ? ` (${(range[0] / 1000).toFixed(2)}–${(range[1] / 1000).toFixed(2)})` : "";
}

function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

function value(number: number | null, digits: number): string {
  return number === null ? "?" : number.toFixed(digits);
}
