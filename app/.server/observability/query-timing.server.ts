import { AsyncLocalStorage } from "node:async_hooks";
import { performance } from "node:perf_hooks";
import { env } from "~/.server/config/env.server";

/**
 * Per-request database statements, for the bench (bench/run.ts): with SERVER_TIMING on,
 * every answer of server.ts's request handler carries a Server-Timing header with how many
 * statements its loaders and actions sent and their time, e.g.
 *   Server-Timing: db;desc="queries";dur=4.2, db-queries;desc="7", app;dur=18.9
 * Off (the default), nothing is wrapped and no request opens a tally: no cost.
 *
 * Counted: what reaches the database driver while the handler computes the answer (node-postgres:
 * every statement a connection sends, BEGIN/COMMIT included; PGlite: every query, and a
 * transaction as its BEGIN and COMMIT). Statements run after the answer's headers (deferred data)
 * are not. Durations of statements running together add up.
 */
export type QueryTally = { queries: number; ms: number };

/**
 * One store for the whole process: server.ts (which opens the tally) and the server build (whose
 * database client counts) each load their own copy of this module.
 */
const STORE_KEY = Symbol.for("cap.query-timing");
const shared = globalThis as Record<symbol, AsyncLocalStorage<QueryTally> | undefined>;
shared[STORE_KEY] ??= new AsyncLocalStorage<QueryTally>();
const tallies = shared[STORE_KEY];

/** SERVER_TIMING: read once per process. */
export function serverTimingOn(): boolean {
  return env().SERVER_TIMING;
}

/** Runs `work` with a fresh tally, returned with its result; `app` is the time `work` took. */
export async function withQueryTally<T>(
  work: () => Promise<T>,
): Promise<{ result: T; tally: QueryTally; app: number }> {
  const tally: QueryTally = { queries: 0, ms: 0 };
  const started = performance.now();
  const result = await tallies.run(tally, work);
  return { result, tally, app: performance.now() - started };
}

/** The Server-Timing header's value for a tally. */
export function serverTimingHeader(tally: QueryTally, app: number): string {
  return `db;desc="queries";dur=${tally.ms.toFixed(1)}, db-queries;desc="${tally.queries}", app;dur=${app.toFixed(1)}`;
}

type QueryFunction = (...args: never[]) => unknown;
type Callback = (...results: unknown[]) => unknown;

/**
 * `query` counted into the current request's tally, if any. Promise or callback style (node-postgres
 * Pool.query calls its client's query with a callback): the duration ends when either settles.
 */
export function countedQuery<F extends QueryFunction>(query: F): F {
  const call = query as unknown as (this: unknown, ...args: unknown[]) => unknown;
  return function (this: unknown, ...args: unknown[]) {
    const tally = tallies.getStore();
    if (!tally) return call.apply(this, args);
    tally.queries += 1;
    const started = performance.now();
    const done = () => {
      tally.ms += performance.now() - started;
    };
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as Callback;
      args[last] = function (this: unknown, ...results: unknown[]) {
        done();
        return callback.apply(this, results);
      };
      return call.apply(this, args);
    }
    const answer = call.apply(this, args);
    if (answer && typeof (answer as Promise<unknown>).then === "function") {
      (answer as Promise<unknown>).then(done, done);
    } else done();
    return answer;
  } as unknown as F;
}

/** Adds statements run without going through a counted query (PGlite's BEGIN and COMMIT). */
export function countStatements(count: number) {
  const tally = tallies.getStore();
  if (tally) tally.queries += count;
}
