import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, waitFor } from "../support/server-process";

/**
 * `npm run demo` as an evaluator runs it (after the build the suite has made): it prints one
 * account per role, and each signs in with the printed password and lands on its space.
 */
const command = ["node_modules/.bin/tsx", "app/.server/demo/demo-command.server.ts"];
let demo: ChildProcess | undefined;
const printed: string[] = [];

afterAll(async () => {
  if (!demo || demo.exitCode !== null) return;
  const exited = new Promise((resolve) => demo?.on("exit", resolve));
  demo.kill("SIGINT");
  await exited;
}, 30_000);

async function signIn(url: string, email: string, password: string): Promise<string> {
  const answer = await fetch(`${url}/home/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ email, password }),
  });
  expect(answer.status, email).toBe(302);
  const cookies = answer.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  expect(
    cookies.some((cookie) => cookie.startsWith("token=")),
    email,
  ).toBe(true);
  return cookies.join("; ");
}

describe("npm run demo", () => {
  it("refuses to run next to real data: NODE_ENV=production or a DATABASE_URL", () => {
    const unsafe: NodeJS.ProcessEnv[] = [
      { NODE_ENV: "production" },
      { NODE_ENV: "development", DATABASE_URL: "postgres://127.0.0.1:5432/anything" },
    ];
    for (const extra of unsafe) {
      const run = spawnSync(command[0], command.slice(1), {
        env: { PATH: process.env.PATH, ...extra },
        encoding: "utf8",
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("never runs with NODE_ENV=production or a DATABASE_URL");
    }
  }, 60_000);

  it("prints how to sign in as a member, a coach, an author and an admin, and each reaches their space", async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const started = spawn(command[0], command.slice(1), {
      env: { PATH: process.env.PATH, NODE_ENV: "development", PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    demo = started;
    const collect = (chunk: Buffer) => printed.push(chunk.toString());
    started.stdout?.on("data", collect);
    started.stderr?.on("data", collect);
    await waitFor(() => printed.join("").includes("Ctrl-C stops the demo"), 150_000);

    const output = printed.join("");
    const password = output.match(/with the password (\S+):/)?.[1] ?? "";
    const rows = [...output.matchAll(/^ {2}(member|coach|author|admin) +(\S+@\S+) +(.+), then (\S+)$/gm)];
    expect(rows.map((row) => row[1])).toEqual(["member", "coach", "author", "admin"]);
    for (const [, role, email, name, opens] of rows) {
      const cookie = await signIn(url, email, password);
      // A space's door may lead on to its first page (/coach to the agenda): still inside the space.
      const page = await fetch(opens, { headers: { Cookie: cookie } });
      expect(page.status, `${role} on ${opens}`).toBe(200);
      expect(new URL(page.url).pathname.startsWith(new URL(opens).pathname), role).toBe(true);
      expect(await page.text(), role).toContain(name.split(" ")[0]);
    }
    // What each was given to show: the member's session with the coach is on the member's page.
    const member = rows[0];
    const sessions = await fetch(`${url}/coaching`, { headers: { Cookie: await signIn(url, member[2], password) } });
    expect(await sessions.text()).toContain("Claire Moreau");
    // The mails of the demo's making wait in the dev mailbox.
    const mailbox = await fetch(`${url}/dev/mailbox`);
    expect(mailbox.status).toBe(200);
    expect(await mailbox.text()).toContain(member[2]);
  }, 200_000);
});
