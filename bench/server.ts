/**
 * The production server as a child process, for the bench (bench/run.ts) and the soak (bench/soak.ts):
 * `node build/server.js` (server.ts as `npm run build` bundles it, no TypeScript compiled at run
 * time) over the current build/, NODE_ENV=production, its log in a file, on PGlite in a throw-away
 * DATA_DIR or on the PostgreSQL database it is given; and the memory it holds.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// Generous: on the shared 2-core machine a worker has taken more than a minute to start.
const STARTUP_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

/** A failure that makes the run meaningless: reported in one line, exit code 1. */
export class BenchError extends Error {}

export interface ServerContext {
  /** e.g. http://127.0.0.1:41234, no trailing slash. */
  baseUrl: string;
  /** The server's log, where mail is printed (no SMTP_URL): members' codes are there. */
  logFile: string;
}

export interface RunningServer extends ServerContext {
  /** The process started: the supervisor; its workers are its children. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the server with its data under `workDir`: on PGlite, or on `databaseUrl` when given. The
 * rest of the environment (WEB_CONCURRENCY, …) passes through.
 */
export async function startServer(
  workDir: string,
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: path.join(workDir, "data"),
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (!existsSync(path.join(ROOT, "build", "server.js")))
    throw new BenchError("build/server.js is missing: run `npm run build` first.");
  return startProcess({
    args: ["build/server.js"],
    cwd: ROOT,
    env,
    port,
    logFile: path.join(workDir, "server.log"),
    readyPath: "/healthz",
  });
}

/**
 * `node <args>` in `cwd`, listening on `port`, its output in `logFile`; resolves once `readyPath`
 * answers 200 (the bench's anchor is started this way too: bench/anchor.ts).
 */
export async function startProcess(options: {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
  logFile: string;
  readyPath: string;
}): Promise<RunningServer> {
  const { logFile, port } = options;
  // The server logs one line per request: send it to a file, not a pipe this process would have
  // to drain while it is busy generating load.
  const logFd = openSync(logFile, "a");
  // detached: its own process group, so stop() reaches the process and its workers.
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", logFd, logFd],
    detached: true,
  });
  closeSync(logFd);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: RunningServer = { baseUrl, logFile, pid: child.pid!, stop: () => stopProcess(child, exited) };

  try {
    await waitUntilReady(baseUrl + options.readyPath, exited);
  } catch (error) {
    await server.stop();
    const tail = readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-30).join("\n");
    throw new BenchError(`${(error as Error).message}\n--- server log (last lines) ---\n${tail}`);
  }
  return server;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string, exited: Promise<void>): Promise<void> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`The server exited before answering ${new URL(url).pathname}.`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`The server did not answer ${new URL(url).pathname} with 200 within ${STARTUP_TIMEOUT_MS / 1000} s.`);
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
// Memory

export interface ProcessMemory {
  pid: number;
  /** What runs: the server (the supervisor) or one of its workers. */
  role: string;
  /** VmRSS from /proc/<pid>/status, in kB. */
  rssKb: number;
}

/** The resident memory of every process of the server (Linux /proc), oldest first. */
export function serverMemory(server: RunningServer): ProcessMemory[] {
  return serverProcesses(server).flatMap(({ pid, depth }) => {
    const rss = /^VmRSS:\s+(\d+) kB/m.exec(readProc(pid, "status") ?? "");
    if (!rss) return [];
    return [{ pid, role: depth === 0 ? "supervisor" : "worker", rssKb: Number(rss[1]) }];
  });
}

export interface WorkerMemory {
  pid: number;
  /** VmRSS, MB (1 MB = 1024 kB). */
  rssMb: number;
  /** What the worker says of itself (process.memoryUsage(), server.ts's SIGUSR2), MB; null when it did not answer. */
  heapTotalMb: number | null;
  heapUsedMb: number | null;
  /** ArrayBuffers and Buffers (network and file buffers, PGlite's result copies). */
  arrayBuffersMb: number | null;
  /**
   * V8's external memory that is not an ArrayBuffer (external − arrayBuffers): WebAssembly
   * memories (PGlite's database engine, its shared buffers and caches) and native strings.
   */
  wasmAndOtherExternalMb: number | null;
}

const MB = 1024 * 1024;

/**
 * Each worker's memory: VmRSS from /proc, and V8's heap, external and ArrayBuffer figures the
 * worker logs when sent SIGUSR2 (server.ts), read back from its log.
 */
export async function workerMemory(server: RunningServer): Promise<WorkerMemory[]> {
  const workers = serverProcesses(server).filter(({ depth }) => depth === 1);
  const logStart = readFileSync(server.logFile, "utf8").length;
  for (const { pid } of workers) {
    try {
      process.kill(pid, "SIGUSR2");
    } catch {
      // gone meanwhile
    }
  }
  const reported = new Map<number, NodeJS.MemoryUsage>();
  const deadline = Date.now() + 3_000;
  while (reported.size < workers.length && Date.now() < deadline) {
    await sleep(100);
    for (const line of readFileSync(server.logFile, "utf8").slice(logStart).split("\n")) {
      if (!line.includes('"memory usage"')) continue;
      try {
        const { pid, memory } = JSON.parse(line) as { pid: number; memory: NodeJS.MemoryUsage };
        reported.set(pid, memory);
      } catch {
        // a line still being written
      }
    }
  }
  return workers.flatMap(({ pid }) => {
    const rss = /^VmRSS:\s+(\d+) kB/m.exec(readProc(pid, "status") ?? "");
    if (!rss) return [];
    const usage = reported.get(pid);
    const mb = (bytes: number | undefined) => (bytes === undefined ? null : bytes / MB);
    return [
      {
        pid,
        rssMb: Number(rss[1]) / 1024,
        heapTotalMb: mb(usage?.heapTotal),
        heapUsedMb: mb(usage?.heapUsed),
        arrayBuffersMb: mb(usage?.arrayBuffers),
        wasmAndOtherExternalMb: usage ? mb(usage.external - usage.arrayBuffers) : null,
      },
    ];
  });
}

/** The server's processes: the one started (depth 0) and its descendants, parents first. */
function serverProcesses(server: RunningServer): { pid: number; depth: number }[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = Number(statFields(Number(entry))?.[1]);
    if (Number.isFinite(ppid)) parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
  }
  const tree: { pid: number; depth: number }[] = [];
  const visit = (pid: number, depth: number) => {
    tree.push({ pid, depth });
    for (const child of (parents.get(pid) ?? []).sort((a, b) => a - b)) visit(child, depth + 1);
  };
  visit(server.pid, 0);
  return tree;
}

/**
 * /proc/<pid>/stat after "pid (comm) ": comm may hold spaces, so read after its closing
 * parenthesis. Index 0 is the state, 1 the parent pid, 11 and 12 utime and stime (man 5 proc).
 */
function statFields(pid: number): string[] | null {
  const stat = readProc(pid, "stat");
  return stat ? stat.slice(stat.lastIndexOf(")") + 2).split(" ") : null;
}

/** Clock ticks per second of utime/stime: USER_HZ, 100 on Linux unless getconf says otherwise. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system, in ms) the server's processes have used so far, by pid. The difference
 * of two readings, summed over pids present in both, is the CPU a load cost the server.
 */
export function serverCpu(server: RunningServer): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const { pid } of serverProcesses(server)) {
    const fields = statFields(pid);
    if (fields) cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
  }
  return cpu;
}

/** CPU ms used between two serverCpu readings. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return null; // gone meanwhile
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
