import { execFile } from "node:child_process";
import { promisify } from "node:util";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
  test,
} from "@playwright/test";
import { browserOf, type Member, registerAnotherMember } from "./member";

const run = promisify(execFile);

export type Role = "member" | "coach" | "author" | "admin";

/**
 * Gives `email`'s member a role with `npm run roles` while the test's server runs, as an operator
 * does (the command reaches the running server, which holds the PGlite database).
 */
export async function grantRole(email: string, role: Exclude<Role, "member">) {
  const port = new URL(test.info().project.use.baseURL ?? "").port;
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "app/.server/operator/roles-cli.server.ts", "grant", email, role],
    { env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: process.env.CAP_E2E_DATA_DIR, PORT: port } },
  );
  expect(stdout).toContain(`${email} is now ${role}.`);
}

/**
 * A browser context signed in as a new member of `role` ("member": no role), beside the test's
 * own: registered on a request context of their own, given the role with `npm run roles`, in
 * French with JavaScript as the project runs it (`options` adds to the context, e.g. a time zone).
 * The address is `email`, or one made of `name` (the role's by default), the project and the time.
 * Close `context` when done.
 */
export async function signedInAs(
  role: Role,
  { browser, playwright }: { browser: Browser; playwright: PlaywrightWorkerArgs["playwright"] },
  { email, name = role, ...options }: { email?: string; name?: string } & BrowserContextOptions = {},
): Promise<{ member: Member; context: BrowserContext; page: Page }> {
  const address = email ?? `${name}-${test.info().project.name}-${Date.now()}@cap.test`;
  const member = await registerAnotherMember(playwright, address);
  if (role !== "member") await grantRole(address, role);
  const context = await browserOf(browser, member, options);
  return { member, context, page: await context.newPage() };
}
