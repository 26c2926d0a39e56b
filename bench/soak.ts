/**
 * Cap's soak test: the production server under CONNECTIONS connections for SECONDS,
 * twice in a row, over a mix of four parts loaded at the same time, the connections shared
 * between them:
 *   - a public page (GET /home),
 *   - a signed-in page (GET /),
 *   - a quiz submit (POST of a module's quiz: the page action, 303 on),
 *   - a booking attempt (POST of the coach's booking page on a time another member holds: 409
 *     expected, a booking going through would be a bug in the no-double-booking rule, but 303 is
 *     counted as an answer, not a failure).
 * The signed-in parts are shared by SOAK_MEMBERS members (10), each with its share of the part's
 * connections: one member's bookings queue behind each other by design (one booking at a time per
 * member), so a single member on 50 connections would measure that queue, not the server.
 * For each run and part it prints the requests, p50/p99, every status seen, the statuses that part
 * should never answer (any 5xx among them) and the connection errors/timeouts; beside them, the
 * answers the bounded queue gave past what the server can serve (503 with Retry-After: "busy",
 * counted and shared, not failures) and the p99 of the requests answered (busy ones aside); then the resident
 * memory (VmRSS) of the server's processes (the launcher, the server, its workers) before the first
 * run and after each, so that "flat across two runs" can be judged. Exit code 1 when any request
 * failed or answered an unexpected status; timings are printed, never judged.
 *
 * The server is `server.ts` over the current build/ (run `npm run build` first, or `npm run soak`):
 * on PGlite in a throw-away DATA_DIR, or, with DATABASE_URL set, on a fresh database created on
 * that PostgreSQL server and dropped afterwards. WEB_CONCURRENCY and the rest of the environment
 * pass through.
 *
 * Run: npm run soak                                   (200 connections, 60 s, twice)
 *      SOAK_CONNECTIONS=100 SOAK_SECONDS=20 SOAK_MEMBERS=5 npm run soak
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres WEB_CONCURRENCY=2 npm run soak
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { COACH_SLUG, coachDayPath } from "./coaching";
import { runDatabase, type RunDatabase } from "./database";
import { fire, percentile, type Fired } from "./load";
import { signUp, type Headers } from "./member";
import { BenchError, serverMemory, sleep, startServer, type ProcessMemory, type RunningServer } from "./server";
import { gitCommit, positiveNumber } from "./settings";
import { table } from "./table";

const CONNECTIONS = Math.round(positiveNumber(process.env.SOAK_CONNECTIONS, 200));
const SECONDS = positiveNumber(process.env.SOAK_SECONDS, 60);
const MEMBERS = Math.round(positiveNumber(process.env.SOAK_MEMBERS, 10));
const RUNS = 2;
/** Left to the server between a run and its memory reading: requests in flight end, timers run. */
const SETTLE_MS = 3_000;
const MODULE_PATH = "/training/j-embarque/modules/prendre-la-barre";

interface Part {
  name: string;
  method: "GET" | "POST";
  path: string;
  /** One entry per member loading the part (an empty one for the public page). */
  headers: Headers[];
  body?: string;
  /** The statuses this part may answer; anything else is counted as unexpected. */
  expected: number[];
}

interface PartResult {
  part: Part;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  statuses: Map<number, number>;
  /** 503 with Retry-After from the bounded queue (server.ts): the server's answer past its capacity. */
  busy: number;
  /** p99 of the requests answered (every status but the queue's 503), ms. */
  answeredP99: number;
  unexpected: number;
  /** Connection errors and timeouts (autocannon's 10 s per request). */
  failures: number;
}

const FORM = "application/x-www-form-urlencoded";
/** The bounded queue's answer past what the server can serve (server.ts, REQUESTS_IN_FLIGHT/REQUESTS_QUEUED). */
const BUSY = 503;

/** The members (and one who holds the booking the others keep trying to take), and the four parts. */
async function prepare(server: RunningServer): Promise<Part[]> {
  const stamp = Date.now();
  const holder = await signUp(server, `soak-holder-${stamp}@cap.test`);
  const members: Headers[] = [];
  for (let index = 0; index < MEMBERS; index++)
    members.push((await signUp(server, `soak-${stamp}-${index}@cap.test`)).headers);
  const asForm = members.map((headers) => ({ ...headers, "content-type": FORM }));

  const quiz = new URLSearchParams(quizAnswers(await page(server, MODULE_PATH, members[0])));
  const start = firstFreeTime(await page(server, coachDayPath(), holder.headers));
  const booking = new URLSearchParams({ start, tz: "Europe/Paris" }).toString();
  const bookingPath = `/coaching/${COACH_SLUG}`;
  await expectStatus(
    server,
    { method: "POST", path: bookingPath, headers: holder.headers, body: booking },
    [303],
    "the holder's booking",
  );

  const parts: Part[] = [
    { name: "public page", method: "GET", path: "/home", headers: [{}], expected: [200] },
    { name: "signed-in page", method: "GET", path: "/", headers: members, expected: [200] },
    { name: "quiz submit", method: "POST", path: MODULE_PATH, headers: asForm, body: quiz.toString(), expected: [303] },
    {
      name: "booking attempt",
      method: "POST",
      path: bookingPath,
      headers: asForm,
      body: booking,
      expected: [303, 409],
    },
  ];
  // Each part answers as expected once before the load: a broken part would only measure its error.
  for (const part of parts) {
    for (const headers of part.headers) await expectStatus(server, { ...part, headers }, part.expected, part.name);
  }
  return parts;
}

async function page(server: RunningServer, pagePath: string, headers: Headers): Promise<string> {
  const response = await fetch(server.baseUrl + pagePath, { headers, redirect: "manual" });
  if (response.status !== 200) throw new BenchError(`GET ${pagePath} answered ${response.status}`);
  return response.text();
}

type OneRequest = { method: Part["method"]; path: string; headers: Headers; body?: string };

async function expectStatus(server: RunningServer, request: OneRequest, expected: number[], what: string) {
  const { method, path: requestPath, body } = request;
  const headers = { ...request.headers, ...(body ? { "content-type": FORM } : {}) };
  const response = await fetch(server.baseUrl + requestPath, { method, headers, body, redirect: "manual" });
  await response.body?.cancel();
  if (!expected.includes(response.status))
    throw new BenchError(`${what} (${method} ${requestPath}) answered ${response.status}`);
}

/**
 * Answers for every quiz question on the module page: the first of a single choice (radio), the
 * first two of a multiple choice (checkboxes; this module's take 2 to 3).
 */
function quizAnswers(html: string): [string, string][] {
  const chosen = new Map<string, string[]>();
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="(q_[^"]+)"/.exec(tag)?.[1];
    const value = /\bvalue="([^"]+)"/.exec(tag)?.[1];
    if (!name || !value) continue;
    const picked = chosen.get(name) ?? [];
    if (picked.length < (/\btype="checkbox"/.test(tag) ? 2 : 1)) chosen.set(name, [...picked, value]);
  }
  if (chosen.size === 0) throw new BenchError(`${MODULE_PATH} shows no quiz`);
  return [
    ["intent", "quiz"],
    ...[...chosen].flatMap(([name, values]) => values.map((value): [string, string] => [name, value])),
  ];
}

/** The first time offered on the booking page, from its links (…&start=<ISO time>#confirm). */
function firstFreeTime(html: string): string {
  const start = /[?&;]start=([^&"#]+)/.exec(html.replace(/&amp;/g, "&"))?.[1];
  if (!start) throw new BenchError(`${coachDayPath()} shows no free times`);
  return decodeURIComponent(start);
}

/** The connections shared between the parts, the first ones taking what does not divide. */
function shares(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, index) =>
    Math.max(1, Math.floor(total / parts) + (index < total % parts ? 1 : 0)),
  );
}

async function soakRun(server: RunningServer, parts: Part[]): Promise<PartResult[]> {
  const connections = shares(CONNECTIONS, parts.length);
  const fired = await Promise.all(
    parts.map(async (part, index) => {
      // The part's connections, shared between its members.
      const byMember = shares(connections[index], part.headers.length).slice(0, connections[index]);
      const loads = await Promise.all(
        byMember.map((memberConnections, member) =>
          fire({
            url: server.baseUrl + part.path,
            method: part.method,
            headers: { "accept-encoding": "gzip", ...part.headers[member] },
            body: part.body,
            connections: memberConnections,
            duration: SECONDS,
          }),
        ),
      );
      return merged(loads);
    }),
  );
  return fired.map(({ failures, latencies, codes, statuses }, index) => {
    const part = parts[index];
    const unexpected = [...statuses]
      .filter(([status]) => status !== BUSY && !part.expected.includes(status))
      .reduce((sum, [, n]) => sum + n, 0);
    const answered = latencies.filter((_, response) => codes[response] !== BUSY);
    return {
      part,
      connections: connections[index],
      requests: latencies.length,
      requestsPerSecond: latencies.length / SECONDS,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      statuses,
      busy: statuses.get(BUSY) ?? 0,
      answeredP99: percentile(answered, 99),
      unexpected,
      failures,
    };
  });
}

/** One part's loads (one per member) as one: every response time, every status, every failure. */
function merged(loads: Fired[]): Omit<Fired, "result"> & { failures: number } {
  const statuses = new Map<number, number>();
  for (const load of loads)
    for (const [status, n] of load.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n);
  const latencies = new Float64Array(loads.reduce((sum, load) => sum + load.latencies.length, 0));
  const codes = new Uint16Array(latencies.length);
  let offset = 0;
  for (const load of loads) {
    latencies.set(load.latencies, offset);
    codes.set(load.codes, offset);
    offset += load.latencies.length;
  }
  return {
    latencies,
    codes,
    statuses,
    failures: loads.reduce((sum, load) => sum + load.result.errors + load.result.timeouts, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Output

function printRun(run: number, results: PartResult[]) {
  console.log(`\nRun ${run} of ${RUNS}: ${CONNECTIONS} connections for ${SECONDS} s\n`);
  const rows = results.map((r) => [
    `${r.part.method} ${r.part.path} (${r.part.name})`,
    String(r.connections),
    String(r.requests),
    r.requestsPerSecond.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.answeredP99.toFixed(1),
    `${r.busy} (${r.requests ? ((100 * r.busy) / r.requests).toFixed(1) : "0.0"} %)`,
    [...r.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(" "),
    r.part.expected.join("/"),
    String(r.unexpected),
    String(r.failures),
  ]);
  console.log(
    table(
      [
        "part",
        "conn",
        "requests",
        "req/s",
        "p50 ms",
        "p99 ms",
        "p99 answered ms",
        "503 busy",
        "statuses",
        "expected",
        "unexpected",
        "errors",
      ],
      rows,
    ),
  );
}

function printMemory(readings: { label: string; processes: ProcessMemory[] }[]) {
  console.log("\nServer memory, VmRSS in MB (1 MB = 1024 kB)\n");
  const pids = [...new Set(readings.flatMap((reading) => reading.processes.map((p) => p.pid)))];
  const mb = (kb: number | undefined) => (kb === undefined ? "-" : (kb / 1024).toFixed(1));
  const rows = pids.map((pid) => {
    const role = readings.flatMap((reading) => reading.processes).find((p) => p.pid === pid)!.role;
    return [`${role} ${pid}`, ...readings.map((reading) => mb(reading.processes.find((p) => p.pid === pid)?.rssKb))];
  });
  const total = (processes: ProcessMemory[]) => processes.reduce((sum, p) => sum + p.rssKb, 0);
  rows.push(["total", ...readings.map((reading) => mb(total(reading.processes)))]);
  console.log(table(["process", ...readings.map((reading) => reading.label)], rows));
}

// ---------------------------------------------------------------------------------------------
// The run

async function main(): Promise<number> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), "cap-soak-"));
  let database: RunDatabase | undefined;
  let server: RunningServer | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await server?.stop();
      await database?.drop();
      await rm(workDir, { recursive: true, force: true });
    })());
  const interrupt = () => {
    progress("interrupted: stopping the server");
    void cleanUp().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);

  try {
    database = await runDatabase("cap_soak");
    const concurrency = process.env.WEB_CONCURRENCY
      ? `WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}`
      : "WEB_CONCURRENCY default";
    progress(`starting the server on ${database.label}, ${concurrency}`);
    server = await startServer(workDir, { databaseUrl: database.url });
    const parts = await prepare(server);
    console.log(`Soak of ${gitCommit() ?? "no commit"} on ${database.label}, ${concurrency}, node ${process.version}`);

    const readings = [{ label: "before run 1", processes: serverMemory(server) }];
    let failed = 0;
    for (let run = 1; run <= RUNS; run++) {
      progress(`run ${run} of ${RUNS}: ${CONNECTIONS} connections for ${SECONDS} s`);
      const results = await soakRun(server, parts);
      printRun(run, results);
      failed += results.reduce((sum, r) => sum + r.unexpected + r.failures, 0);
      await sleep(SETTLE_MS);
      readings.push({ label: `after run ${run}`, processes: serverMemory(server) });
    }
    printMemory(readings);
    console.log(
      failed === 0
        ? "\nNo error, no unexpected status."
        : `\n${failed} requests failed or answered an unexpected status.`,
    );
    return failed === 0 ? 0 : 1;
  } catch (error) {
    console.error(error instanceof BenchError ? `soak: ${error.message}` : error);
    return 1;
  } finally {
    await cleanUp();
  }
}

function progress(message: string): void {
  console.error(`[soak] ${message}`);
}

process.exitCode = await main();
