import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";

/**
 * The primary process of server.ts: it runs `count` workers that share the port and replaces one
 * that dies (a crash, an out-of-memory kill), waiting longer when deaths come in a row. A worker
 * that dies before any worker ever listened means the start itself fails (bad content, a database
 * that refuses the migrations): the primary then stops with its exit code rather than loop.
 * SIGTERM/SIGINT are passed to the workers, which finish their requests and flush the outbox.
 */
const STOP_GRACE_MS = 15_000;
const MAX_RESTART_DELAY_MS = 30_000;

type Workers = {
  count: number;
  heapMb: number;
  /** A module each worker loads before its own code (`node --import`), when there is one. */
  preload?: string;
};

export function superviseWorkers({ count, heapMb, preload }: Workers, log: Logger) {
  let stopping = false;
  let listened = false;
  const recentDeaths: number[] = [];

  cluster.on("listening", () => {
    listened = true;
  });
  cluster.on("exit", (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) {
      if (liveWorkers().length === 0) process.exit(0);
      return;
    }
    if (!listened) {
      log.error({ code, signal }, "a worker failed to start: stopping");
      stopping = true;
      for (const other of liveWorkers()) other.process.kill("SIGTERM");
      process.exitCode = code || 1;
      if (liveWorkers().length === 0) process.exit(process.exitCode);
      return;
    }
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths[0] < now - 60_000) recentDeaths.shift();
    const delay = Math.min(250 * 2 ** (recentDeaths.length - 1), MAX_RESTART_DELAY_MS);
    log.error({ pid: worker.process.pid, code, signal, restartInMs: delay }, "worker died: starting another");
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, delay);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: stopping ${liveWorkers().length} worker(s)`);
    for (const worker of liveWorkers()) worker.process.kill(signal);
    setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
    if (liveWorkers().length === 0) process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  // The workers' heap limit (WORKER_HEAP_MB), after the primary's own flags so that it wins.
  const flags = [`--max-old-space-size=${heapMb}`, ...(preload ? ["--import", preload] : [])];
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...flags] });
  for (let i = 0; i < count; i++) cluster.fork();
  log.info(`Cap supervisor (pid ${process.pid}) started ${count} worker(s)`);
}

function liveWorkers(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter(
    (worker): worker is Worker => worker !== undefined && !worker.isDead(),
  );
}
