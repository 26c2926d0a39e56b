import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";

const run = promisify(execFile);

/**
 * Gives `email`'s member a role with `npm run roles` while the test's server runs, as an operator
 * does (the command reaches the running server, which holds the PGlite database).
 */
export async function grantRole(email: string, role: "admin" | "coach" | "author") {
  const port = new URL(test.info().project.use.baseURL ?? "").port;
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "app/.server/roles/command.server.ts", "grant", email, role],
    { env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: process.env.CAP_E2E_DATA_DIR, PORT: port } },
  );
  expect(stdout).toContain(`${email} is now ${role}.`);
}
