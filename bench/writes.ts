/**
 * The bench's write-concurrency row: WRITERS members writing at once through the API, each ticking
 * and unticking a commitment of their own in a loop (POST /api/commitments/<id>/done, then
 * /undone). Cap's writes per second, with the versions the render cache keys on raised as each
 * write commits (migration 0029's triggers), ÷ the same requests, so the same statements on the
 * same tables, with those triggers disabled, in the same run: the cost of the cache's machinery
 * to writers. Phases alternate (PHASES), each `seconds` long, so that what drifts over the run
 * weighs on both alike. PostgreSQL only: the triggers are switched off
 * from beside the server (PGlite is the server process's own).
 */
import pg from "pg";
import { percentile, round } from "./load";
import { signUp, type Headers } from "./member";
import { BenchError, type ServerContext } from "./server";

export const WRITERS = 64;
/**
 * With, without, without, with, twice: on a machine shared with other work the rate drifts by
 * tens of percent within a minute, and each kind meets the drift alike.
 */
const PHASES = ["with", "without", "without", "with", "with", "without", "without", "with"] as const;
/** How many sign-ups go at once: each waits for its mail in the server's log. */
const SIGN_UPS_AT_ONCE = 8;

export interface WritePhase {
  writesPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 200, by status (503: past the bounded queue). */
  failed: Record<string, number>;
}

export interface WritesResult {
  skipped: string | null;
  writers: number;
  seconds: number;
  /** With the versions raised (Cap as it runs), the mean of its phases. */
  withVersions: WritePhase | null;
  /** The same requests with migration 0029's triggers disabled. */
  withoutVersions: WritePhase | null;
  /** withVersions ÷ withoutVersions, writes per second (the goal: ≥ 0.9). */
  ratio: number | null;
}

export async function measureWrites(
  server: ServerContext,
  databaseUrl: string | undefined,
  seconds: number,
  progress: (message: string) => void,
): Promise<WritesResult> {
  const none = { writers: WRITERS, seconds, withVersions: null, withoutVersions: null, ratio: null };
  if (!databaseUrl)
    return { ...none, skipped: "PGlite: the triggers are switched off from beside the server; set DATABASE_URL" };
  progress(`write concurrency: signing up ${WRITERS} members, a commitment each`);
  const writers = await commitmentWriters(server);
  const phases: Record<"with" | "without", WritePhase[]> = { with: [], without: [] };
  for (const kind of PHASES) {
    await switchVersions(databaseUrl, kind === "with");
    progress(`write concurrency: ${WRITERS} members ticking at once, versions ${kind === "with" ? "raised" : "off"}`);
    phases[kind].push(await tickTogether(server, writers, seconds));
  }
  await switchVersions(databaseUrl, true);
  const withVersions = mean(phases.with);
  const withoutVersions = mean(phases.without);
  const ratio = withoutVersions.writesPerSecond
    ? round(withVersions.writesPerSecond / withoutVersions.writesPerSecond, 2)
    : null;
  return { ...none, skipped: null, withVersions, withoutVersions, ratio };
}

type Writer = { headers: Headers; commitmentId: string };

async function commitmentWriters(server: ServerContext): Promise<Writer[]> {
  const stamp = Date.now();
  const writers: Writer[] = [];
  for (let first = 0; first < WRITERS; first += SIGN_UPS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(SIGN_UPS_AT_ONCE, WRITERS - first) }, (_, n) => first + n);
    writers.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const { headers } = await signUp(server, `bench-writer-${stamp}-${n}@cap.test`);
          const made = await fetch(`${server.baseUrl}/api/commitments`, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: JSON.stringify({ title: `Engagement ${n + 1}` }),
          });
          if (made.status !== 201) throw new BenchError(`a writer's commitment answered ${made.status}`);
          const { commitment } = (await made.json()) as { commitment: { id: string } };
          return { headers, commitmentId: commitment.id };
        }),
      )),
    );
  }
  return writers;
}

/** Every writer in a loop of its own for `seconds`: tick, untick, and so on, one request at a time. */
async function tickTogether(server: ServerContext, writers: Writer[], seconds: number): Promise<WritePhase> {
  const times: number[] = [];
  const failed: Record<string, number> = {};
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    writers.map(async ({ headers, commitmentId }) => {
      for (let done = true; performance.now() < end; done = !done) {
        const sent = performance.now();
        const answer = await fetch(`${server.baseUrl}/api/commitments/${commitmentId}/${done ? "done" : "undone"}`, {
          method: "POST",
          headers,
        });
        await answer.arrayBuffer();
        if (answer.status === 200) times.push(performance.now() - sent);
        else failed[answer.status] = (failed[answer.status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const latencies = Float64Array.from(times);
  return {
    writesPerSecond: round(times.length / elapsed, 1),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failed,
  };
}

/** Migration 0029's triggers on every table, on or off (ALTER TABLE: for every connection at once). */
async function switchVersions(databaseUrl: string, on: boolean) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`
      do $$
      declare t record;
      begin
        for t in select c.relname, g.tgname from pg_trigger g join pg_class c on c.oid = g.tgrelid
          where g.tgname like 'page_versions%' loop
          execute format('alter table %I ${on ? "enable" : "disable"} trigger %I', t.relname, t.tgname);
        end loop;
      end $$`);
  } finally {
    await client.end();
  }
}

function mean(phases: WritePhase[]): WritePhase {
  const of = (pick: (phase: WritePhase) => number, digits = 1) =>
    round(phases.reduce((sum, phase) => sum + pick(phase), 0) / phases.length, digits);
  return {
    writesPerSecond: of((phase) => phase.writesPerSecond),
    p50: of((phase) => phase.p50),
    p99: of((phase) => phase.p99),
    failed: phases.reduce<Record<string, number>>((sum, phase) => {
      for (const [status, n] of Object.entries(phase.failed)) sum[status] = (sum[status] ?? 0) + n;
      return sum;
    }, {}),
  };
}

export function printWrites(writes: WritesResult): void {
  console.log(
    `\nWrite concurrency: ${writes.writers} members ticking and unticking at once through the API, ${writes.seconds} s × ${PHASES.length / 2} each way\n`,
  );
  if (writes.skipped || !writes.withVersions || !writes.withoutVersions) {
    console.log(`skipped: ${writes.skipped ?? "no figures"}`);
    return;
  }
  const line = (label: string, phase: WritePhase) =>
    `${label}: ${phase.writesPerSecond.toFixed(0)} writes/s, p50 ${phase.p50} ms, p99 ${phase.p99} ms, failed: ${JSON.stringify(phase.failed)}`;
  console.log(line("versions raised (Cap)", writes.withVersions));
  console.log(line("triggers off        ", writes.withoutVersions));
  console.log(`Cap ÷ triggers off: ${writes.ratio?.toFixed(2) ?? "?"} (goal ≥ 0.9)`);
}
