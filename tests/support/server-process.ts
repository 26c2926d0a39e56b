import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * The production build (build/, made by tests/run.sh before vitest) started as a real process:
 * its supervisor, its workers and its logs, for tests of what only a whole server shows (database
 * outages, dead workers, transport limits); or the same build under remix-serve (no server.ts).
 */
export type ServerProcess = {
  url: string;
  /** Every line the server printed so far. */
  logs(): string[];
  /** The lines it printed on stderr: outside the logger, which writes to stdout. */
  errors(): string[];
  /** Pids of the workers that said they listen, oldest first. */
  workerPids(): number[];
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The arguments of node that serve build/: server.ts as built (build/server.js), or @remix-run/serve's command. */
const entries = {
  "server.ts": ["build/server.js"],
  "remix-serve": ["node_modules/.bin/remix-serve", "build/index.js"],
};

export async function startServer(
  env: Record<string, string>,
  { under = "server.ts" }: { under?: keyof typeof entries } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "cap-server-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, entries[under], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: url,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const errorLines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean));
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  child.stderr!.on("data", (chunk: Buffer) => errorLines.push(...chunk.toString().split("\n").filter(Boolean)));
  const server: ServerProcess = {
    url,
    logs: () => lines,
    errors: () => errorLines,
    workerPids: () => lines.flatMap((line) => (line.includes("Cap listening") ? [JSON.parse(line).pid as number] : [])),
    stop: () => stopProcess(child).finally(() => rmSync(dataDir, { recursive: true, force: true })),
  };
  try {
    await waitFor(
      async () => (await fetch(`${url}/healthz`).catch(() => null))?.status === 200,
      60_000,
      () => {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${lines.join("\n")}`);
      },
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** Polls `check` every 100 ms until it holds; fails after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, each?: () => void) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    each?.();
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`gave up waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
