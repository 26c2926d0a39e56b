/**
 * `npm run bench:readme`: the last bench run on each database (bench/results/latest-pglite.json,
 * latest-postgresql.json; or the files given as arguments) as README.md's tables, between the
 * markers of its Performance section; nothing else in README changes.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./server";

const START = "<!-- bench:results -->";
const END = "<!-- /bench:results -->";

type Lh = {
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  /** Of several runs: the lowest and highest score (the other figures are the median run's). */
  performanceRange?: [number, number];
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
  ratioToStatic: number;
  queries: { perRequest: number } | null;
  weight: { html: { gzip: number }; css: { gzip: number }; js: { gzip: number } };
  lighthouse: Lh | null;
};
type Report = {
  generatedAt: string;
  commit: string | null;
  node: string;
  machine: { cpus: number; model: string; memoryGb: number; os: string };
  database: string;
  webConcurrency: number;
  settings: { seconds: number; connections: number; lighthouse: string };
  heavyMember: { commitments: number; pastGoals: number; coachingSessions: number };
  static: { path: string; load: { requestsPerSecond: number } };
  pages: Page[];
  heavy: {
    path: string;
    newRps: number;
    heavyRps: number;
    timeRatio: number;
    cpuRatio: number;
    newQueries: number | null;
    heavyQueries: number | null;
  }[];
  workers: {
    skipped: string | null;
    baseline: number;
    other: number;
    rows: { path: string; baselineRps: number; otherRps: number; gain: number }[];
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
const readmePath = path.join(ROOT, "README.md");
const readme = readFileSync(readmePath, "utf8");
const start = readme.indexOf(START);
const end = readme.indexOf(END);
if (start < 0 || end < start) {
  console.error(`README.md has no ${START} … ${END} block (in its Performance section)`);
  process.exit(1);
}
writeFileSync(readmePath, `${readme.slice(0, start + START.length)}\n${markdown}\n${readme.slice(end)}`);
// The repository's formatter aligns the tables' columns (npm run lint checks README.md too).
execFileSync(path.join(ROOT, "node_modules", ".bin", "biome"), ["format", "--write", readmePath], { stdio: "ignore" });
console.log(`README.md: ${reports.length} run${reports.length > 1 ? "s" : ""} written`);

function render(report: Report): string {
  const lines: string[] = [];
  const { machine } = report;
  lines.push(
    `**${report.database}**, WEB_CONCURRENCY=${report.webConcurrency}, ${report.generatedAt.slice(0, 10)}, ` +
      `commit ${report.commit ?? "?"}, ${report.settings.connections} connections × ${report.settings.seconds} s, ` +
      `on ${machine.cpus} cores (${machine.model}, ${machine.memoryGb} GB, ${machine.os}), node ${report.node}. ` +
      `Static file (${report.static.path}): ${report.static.load.requestsPerSecond.toFixed(0)} req/s.`,
  );
  lines.push("");
  lines.push(
    row([
      "page",
      "who",
      "req/s",
      "÷ static",
      "p99 ms",
      "queries",
      "CPU ms/req",
      "RSS MB",
      "HTML+CSS gz KB",
      "JS gz KB",
      "LH perf (range)",
      "LCP s",
      "TBT ms",
      "CLS",
      "a11y",
    ]),
  );
  lines.push(row(Array(15).fill("---")));
  for (const page of report.pages) {
    const lh = page.lighthouse;
    const failed = page.load.non2xx + page.load.errors + page.load.timeouts;
    lines.push(
      row([
        `\`${page.label.length > 48 ? `${page.label.slice(0, 45)}…` : page.label}\``,
        page.who,
        page.load.requestsPerSecond.toFixed(0) + (failed ? ` (${failed} failed)` : ""),
        page.ratioToStatic.toFixed(3),
        page.load.latencyMs.p99.toFixed(0),
        page.queries ? String(page.queries.perRequest) : "?",
        page.load.cpuMsPerRequest.toFixed(1),
        page.load.rssMbAfter.toFixed(0),
        ((page.weight.html.gzip + page.weight.css.gzip) / 1000).toFixed(1),
        (page.weight.js.gzip / 1000).toFixed(1),
        lh ? value(lh.performance, 0) + (lh.performanceRange ? ` (${lh.performanceRange.join("–")})` : "") : "–",
        lh ? value(lh.lcpMs === null ? null : lh.lcpMs / 1000, 2) : "–",
        lh ? value(lh.tbtMs, 0) : "–",
        lh ? value(lh.cls, 3) : "–",
        lh ? value(lh.accessibility, 0) : "–",
      ]),
    );
  }
  lines.push("");
  const heavy = report.heavyMember;
  lines.push(
    `Heavy member (${heavy.commitments} commitments, ${heavy.pastGoals} past goals, ${heavy.coachingSessions} past coaching sessions, every training done) ÷ new member, time per request under load: ` +
      report.heavy
        .map(
          (h) =>
            `\`${h.path}\` ${h.timeRatio.toFixed(2)}× (CPU ${h.cpuRatio.toFixed(2)}×, queries ${h.newQueries ?? "?"} → ${h.heavyQueries ?? "?"})`,
        )
        .join(", ") +
      ".",
  );
  lines.push("");
  const { workers } = report;
  lines.push(
    workers.skipped
      ? `Workers: not compared (${workers.skipped}).`
      : `Workers, req/s with ${workers.baseline} → ${workers.other}: ` +
          workers.rows
            .map((w) => `\`${w.path}\` ${w.baselineRps.toFixed(0)} → ${w.otherRps.toFixed(0)} (${w.gain.toFixed(2)}×)`)
            .join(", ") +
          ".",
  );
  lines.push("");
  lines.push(`Lighthouse: ${report.settings.lighthouse}.`);
  return lines.join("\n");
}

function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

function value(number: number | null, digits: number): string {
  return number === null ? "?" : number.toFixed(digits);
}
