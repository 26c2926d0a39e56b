import { createCookie } from "@remix-run/node";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOn } from "../support/server-members";
import { startServer, waitFor, type ServerProcess } from "../support/server-process";
import { relayedDatabase, type RelayedDatabase } from "../support/relayed-database";
import type { TcpProxy } from "../support/tcp-proxy";

/**
 * Issue 11, item 1: the built server on PostgreSQL (two workers) rides through the database
 * going away. The app reaches PostgreSQL through a relay the test can cut, as a restart would;
 * `pg_terminate_backend` ends its connections mid-traffic. Runs on the local server in every CI pass.
 */
const SECRET = "a-session-secret-for-the-fault-tests-only";
const PASSWORD = "correct horse";

let relayed: RelayedDatabase;
let admin: pg.Client;
let database: string;
let proxy: TcpProxy;
let server: ServerProcess;

beforeAll(async () => {
  relayed = await relayedDatabase("fault");
  ({ admin, name: database, proxy } = relayed);
  server = await startServer({ DATABASE_URL: relayed.url(), WEB_CONCURRENCY: "2", SESSION_SECRET: SECRET });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await relayed?.drop();
}, 30_000);

function register(email: string, language = "fr") {
  return registerOn(server.url, { email, password: PASSWORD }, { "Accept-Language": language });
}

const health = async () => (await fetch(`${server.url}/healthz`)).status;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("PostgreSQL going away (built server, two workers)", () => {
  it("answers through its connections being terminated mid-traffic, and keeps every acknowledged write", async () => {
    const statuses: number[] = [];
    const acknowledged: string[] = [];
    const lane = async (lane: number) => {
      for (let i = 0; i < 4; i++) {
        const email = `lane${lane}.${i}@example.com`;
        const answer = await register(email);
        statuses.push(answer.status);
        if (answer.status === 201) acknowledged.push(email);
        statuses.push((await fetch(`${server.url}/home`)).status);
      }
    };
    const terminate = async () => {
      for (let round = 0; round < 4; round++) {
        await sleep(250);
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'cap'",
          [database],
        );
      }
    };
    await Promise.all([lane(1), lane(2), lane(3), terminate()]);

    // Never a 500: a request caught by the cut is told to come back (503).
    expect(statuses.filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
    await waitFor(async () => (await health()) === 200, 15_000);
    expect((await register("after@example.com")).status).toBe(201);
    acknowledged.push("after@example.com");

    const check = new pg.Client({ connectionString: relayed.url({ direct: true }) });
    await check.connect();
    const { rows } = await check
      .query<{ value: string }>("select value from identity_verifiable_addresses where value = any($1)", [acknowledged])
      .finally(() => check.end());
    expect(rows.map((row) => row.value).sort()).toEqual([...acknowledged].sort());
  }, 60_000);

  it("answers 503 while the database is unreachable, keeps the member's cookie, and resumes by itself", async () => {
    const registered = await register("outage@example.com");
    expect(registered.status).toBe(201);
    const token = (await registered.json()) as string;
    const cookie = (await createCookie("token", { secrets: [SECRET] }).serialize(token)).split(";")[0];

    await proxy.down();
    try {
      expect(await health()).toBe(503);

      const page = await fetch(`${server.url}/`, { headers: { Cookie: cookie, "Accept-Language": "fr" } });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBeTruthy();
      expect(await page.text()).toContain("Cap est momentanément indisponible");
      expect(page.headers.get("set-cookie")).toBeNull();

      const api = await fetch(`${server.url}/api/dashboard/whoami`, {
        headers: { Authorization: `Bearer ${token}`, "Accept-Language": "en" },
      });
      expect(api.status).toBe(503);
      expect(await api.json()).toEqual({
        errors: { base: ["We cannot reach our database right now. Nothing you saved is lost: try again in a moment."] },
      });
      // A photo or a training file over the form limit is asked about at the door, before the
      // build: answered as the build answers, with nothing on stderr and no SQL in the log.
      for (const [path, headers] of [
        [
          "/profile/photo",
          { Cookie: cookie, "Accept-Language": "fr", "Content-Type": "multipart/form-data; boundary=x" },
        ],
        [
          "/api/profile/photo",
          { Authorization: `Bearer ${token}`, "Accept-Language": "en", "Content-Type": "image/jpeg" },
        ],
        [
          "/author/trainings/import",
          { Cookie: cookie, "Accept-Language": "fr", "Content-Type": "multipart/form-data; boundary=x" },
        ],
      ] as const) {
        const upload = await fetch(`${server.url}${path}`, { method: "POST", headers, body: new Uint8Array(200_000) });
        expect(upload.status, path).toBe(503);
        expect(upload.headers.get("retry-after"), path).toBeTruthy();
        expect(await upload.text(), path).toMatch(/Cap est momentanément indisponible|We cannot reach our database/);
      }
      expect(server.errors().join("\n")).toBe("");
      // A failed query's SQL may be logged, never its values (a session token's SHA-256 among them).
      expect(server.logs().join("\n")).not.toMatch(/params: (?!\[redacted\])|[0-9a-f]{64}/);
      expect(server.logs().join("\n")).not.toContain("process exited");
    } finally {
      await proxy.up();
    }

    await waitFor(async () => (await health()) === 200, 15_000);
    const page = await fetch(`${server.url}/`, { headers: { Cookie: cookie }, redirect: "manual" });
    // Signed in still: the guard sends an unverified member to verify, not to the login page.
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/account_verification/);
  }, 60_000);

  it("replaces a worker that dies", async () => {
    const [first] = server.workerPids();
    process.kill(first, "SIGKILL");
    await waitFor(() => server.workerPids().length >= 3, 20_000);
    expect(server.logs().some((line) => line.includes("worker died: starting another"))).toBe(true);
    for (let i = 0; i < 5; i++) expect((await fetch(`${server.url}/home`)).status).toBe(200);
  }, 40_000);
});
