/**
 * The bench's anchor: bench/hello/, a vanilla Remix v2 app (classic compiler,
 * default entries, one "Hello, world" page), built with the repository's own node_modules and
 * served by remix-serve during the same run as Cap's server. Every page's rate is then read ÷ the
 * hello page's: a page that does nothing, on the same machine, in the same minutes (the static
 * file's rate moves by a third between runs; the hello page's by 2 %).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { BenchError, freePort, ROOT, startProcess, type RunningServer } from "./server";

export const HELLO_DIR = path.join(ROOT, "bench", "hello");
export const HELLO_PATH = "/";

/** `remix build` in bench/hello/ (its build/ and public/build/ are git-ignored). */
export function buildHello(): void {
  try {
    execFileSync(path.join(ROOT, "node_modules", ".bin", "remix"), ["build"], {
      cwd: HELLO_DIR,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (error) {
    throw new BenchError(`bench/hello: remix build failed: ${(error as { stderr?: Buffer }).stderr ?? error}`);
  }
}

/** `remix-serve build/index.js` in bench/hello/, production, on a free port; its log in `workDir`. */
export async function startHello(workDir: string): Promise<RunningServer> {
  const port = await freePort();
  return startProcess({
    args: [path.join(ROOT, "node_modules", "@remix-run", "serve", "dist", "cli.js"), "build/index.js"],
    cwd: HELLO_DIR,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    port,
    logFile: path.join(workDir, "hello.log"),
    readyPath: HELLO_PATH,
  });
}
