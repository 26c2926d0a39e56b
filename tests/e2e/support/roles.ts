import { execFile } from "node:child_process";
import { promisify } from "node:util";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
  test,
} from "@playwright/test";
import { browserOf, type Member, newMemberTest, registerAnotherMember, requestContextOf } from "./member";

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

/**
 * Gives `email`'s member `role`, as `grantRole` does, once `page` found `path` a page like any
 * unknown one (404) without it: a space is hidden from whoever lacks its role.
 */
export async function grantRoleBehind(page: Page, email: string, role: Exclude<Role, "member">, path: string) {
  expect((await page.goto(path))?.status(), `${path} before the ${role} role`).toBe(404);
  await grantRole(email, role);
}

type SignedIn = Awaited<ReturnType<typeof signedInAs>>;

/** The people a journey needs beside its own member, each made when first asked for. */
export type Others = {
  /** A browser context of a new member of `role`, signed in (`signedInAs`). */
  signedInAs(role: Role, options?: Parameters<typeof signedInAs>[2]): Promise<SignedIn>;
  /** A new member registered over HTTP, with no browser of their own; the address is made of `name`. */
  registered(name: string): Promise<Member>;
  /** A visitor's page: a browser context with no session. */
  visitor(): Promise<Page>;
  /** A request context with no cookies, as an app calls the API. */
  api(): Promise<APIRequestContext>;
};

/**
 * `newMemberTest` whose member has `role` (`test.use({ role: "author" })`; none by default) from
 * the start, with `others`: the other members, visitors and apps a journey needs, in the test's
 * browser, each context they opened closed once the test ends.
 */
export const othersTest = newMemberTest.extend<{ role: Role; others: Others }>({
  role: ["member", { option: true }],
  member: async ({ member, role }, use) => {
    if (role !== "member") await grantRole(member.email, role);
    await use(member);
  },
  others: async ({ browser, playwright }, use) => {
    const opened: { close(): Promise<void> }[] = [];
    const kept = <T extends { close(): Promise<void> }>(made: T) => {
      opened.push(made);
      return made;
    };
    await use({
      async signedInAs(role, options) {
        const signedIn = await signedInAs(role, { browser, playwright }, options);
        kept(signedIn.context);
        return signedIn;
      },
      registered: (name) =>
        registerAnotherMember(playwright, `${name}-${test.info().project.name}-${Date.now()}@cap.test`),
      visitor: async () => kept(await browserOf(browser, null)).newPage(),
      async api() {
        const api = await requestContextOf(playwright);
        kept({ close: () => api.dispose() });
        return api;
      },
    });
    await Promise.all(opened.map((each) => each.close()));
  },
});
