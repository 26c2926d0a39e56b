import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDsnHost } from "../support/dsn-host";
import { startServer, waitFor, type ServerProcess } from "../support/server-process";

/**
 * Against the built server as production runs it (server.ts, SENTRY_DSN set):
 * bad `.ics` addresses and other 404s of resource routes are the client's doing — a warning in
 * the log, never an error, never an event for error reporting. A local HTTP server stands for the
 * DSN's host; the envelopes the server's SDK posts to it are read back.
 */
const envelopes: string[] = [];
let dsnHost: Awaited<ReturnType<typeof startDsnHost>>;
let server: ServerProcess;

beforeAll(async () => {
  dsnHost = await startDsnHost((envelope) => envelopes.push(envelope.body));
  const { port } = dsnHost;
  server = await startServer({ SENTRY_DSN: `http://public@127.0.0.1:${port}/1`, WEB_CONCURRENCY: "1" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await dsnHost?.close();
}, 30_000);

const token43 = "A".repeat(43);
/** Bad feed addresses a probe sends: no token, unknown, malformed, percent-encoded, huge, with a query. */
const badFeeds = [
  "/coach/agenda/not-a-token/sessions.ics",
  `/coach/agenda/${token43}/sessions.ics`,
  `/coach/agenda/${token43}/sessions.ics?x=1`,
  "/coach/agenda/%ZZ/sessions.ics",
  "/coach/agenda/%00/sessions.ics",
  "/coach/agenda/%E0%A4%A/sessions.ics",
  "/coach/agenda/a%2Fb/sessions.ics",
  "/coach/agenda/%2e%2e/sessions.ics",
  `/coach/agenda/${"x".repeat(2000)}/sessions.ics`,
  "/coach/agenda/%20/sessions.ics",
];

function lines(pattern: RegExp) {
  return server.logs().filter((line) => pattern.test(line));
}

describe("404s of resource routes on the built server", () => {
  it("bad .ics addresses (GET and HEAD) and an unknown photo answer 404, a path that is not even percent-encoding 400 at the door: no error line, no stack trace, no event reported", async () => {
    const statuses: Record<string, number> = {};
    for (const path of badFeeds) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await fetch(`${server.url}${path}`, { method, redirect: "manual" });
        await answer.arrayBuffer();
        statuses[`${method} ${path.length > 80 ? `${path.slice(0, 40)}…` : path}`] = answer.status;
      }
    }
    const photo = await fetch(`${server.url}/photos/00000000-0000-4000-8000-000000000000.webp`);
    statuses["GET /photos/unknown"] = photo.status;

    for (const [request, status] of Object.entries(statuses)) {
      // An address that is not even valid percent-encoding is refused at the door (400).
      const expected = /%ZZ|%00|%E0%A4%A\//.test(request) ? 400 : 404;
      expect(status, request).toBe(expected);
    }

    // Reporting is on in this server (the unit tests of error-reporting.test.ts show what it sends)…
    expect(lines(/error reporting: on/)).toHaveLength(1);
    // …every request has been answered and logged by now; the SDK is given time to send what it would.
    await waitFor(() => lines(/"msg":"request"/).length >= Object.keys(statuses).length, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(envelopes.filter((body) => body.includes('"type":"event"'))).toEqual([]);
    // No error line and no stack trace: each 404 a warning ("request refused"), each 400 a request line.
    expect(lines(/"level":50|Error:|^\s+at /)).toEqual([]);
    // The feed's own 404s (the loader throws them) answer as an unknown path does: its page.
    const feed = await fetch(`${server.url}${badFeeds[0]}`);
    const unknown = await fetch(`${server.url}/no-such-page`);
    expect(feed.status).toBe(404);
    expect(feed.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
    expect((await feed.text()).match(/<h1[^>]*>.*?<\/h1>/)?.[0]).toBe(
      (await unknown.text()).match(/<h1[^>]*>.*?<\/h1>/)?.[0],
    );
  }, 60_000);
});

describe("transactions from the built server", () => {
  it("a page served is traced by its route, without the member's cookie; the probes are not traced", async () => {
    const secret = "s".repeat(40);
    for (const path of ["/home/login", "/healthz", "/readyz"]) {
      const answer = await fetch(`${server.url}${path}`, { headers: { Cookie: `__session=${secret}` } });
      await answer.arrayBuffer();
    }
    const transactions = () =>
      envelopes
        .filter((body) => body.includes('"type":"transaction"'))
        .map((body) => JSON.parse(body.split("\n")[2]) as { transaction: string; contexts: { trace: { op: string } } });
    await waitFor(() => transactions().some((sent) => sent.transaction === "GET home/login"), 15_000);
    expect(transactions().find((sent) => sent.transaction === "GET home/login")?.contexts.trace.op).toBe("http.server");
    expect(transactions().map((sent) => sent.transaction)).not.toContain("GET healthz");
    expect(transactions().map((sent) => sent.transaction)).not.toContain("GET readyz");
    expect(envelopes.join("\n")).not.toContain(secret);
  }, 60_000);
});

describe("old ?_data= requests", () => {
  it("are answered without an error line or a report, whatever route they name", async () => {
    const before = lines(/"level":50/).length;
    for (const path of [
      "/?_data=nonexistent",
      "/home/login?_data=routes%2F_main.home.login",
      "/trainings?_data=root",
    ]) {
      const answer = await fetch(`${server.url}${path}`, { redirect: "manual" });
      await answer.arrayBuffer();
      expect(answer.status, path).toBeLessThan(500);
    }
    await waitFor(() => lines(/"msg":"request"/).some((line) => line.includes('"path":"/trainings"')), 15_000);
    expect(lines(/"level":50/).slice(before)).toEqual([]);
  }, 60_000);
});
