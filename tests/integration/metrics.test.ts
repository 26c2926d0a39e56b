import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, waitFor, type ServerProcess } from "../support/server-process";
import { relayedDatabase, type RelayedDatabase } from "../support/relayed-database";
import { tokenOfNewMember } from "../support/server-members";

/**
 * /metrics and /readyz on the built server: two workers on PostgreSQL, reached through a relay
 * the test can cut (the database away), and Prometheus' scrape on the metrics port, summed over
 * both workers. Runs on the local server in every CI pass, as the fault tests do.
 */
let relayed: RelayedDatabase;
let server: ServerProcess;
let metricsPort: number;

beforeAll(async () => {
  relayed = await relayedDatabase("metrics");
  metricsPort = await freePort();
  server = await startServer({
    DATABASE_URL: relayed.url(),
    WEB_CONCURRENCY: "2",
    SESSION_SECRET: "a-session-secret-for-the-metrics-tests",
    METRICS_PORT: String(metricsPort),
  });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await relayed?.drop();
}, 30_000);

const scrape = async () => {
  const answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.text();
};

/** The value of one sample, by its name and labels as Prometheus writes them (labels in any order). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split("\n")
    .find(
      (each) =>
        (each.startsWith(`${name}{`) || each.startsWith(`${name} `)) && wanted.every((label) => each.includes(label)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("/metrics and /readyz (built server, two workers, PostgreSQL)", () => {
  it("counts requests by route template and status over both workers, with the outbox, the pool and the process", async () => {
    for (let i = 0; i < 6; i++) expect((await fetch(`${server.url}/home`)).status).toBe(200);
    expect((await fetch(`${server.url}/training/un-parcours/modules/un-module`, { redirect: "manual" })).status).toBe(
      302,
    );
    expect((await fetch(`${server.url}/pas-une-page-${randomBytes(4).toString("hex")}`)).status).toBe(404);
    await tokenOfNewMember(server.url, { email: "ana@example.com", password: "correct horse" });

    const text = await scrape();
    expect(sample(text, "cap_http_requests_total", { method: "GET", route: "/home", status: "200" })).toBe(6);
    expect(
      sample(text, "cap_http_requests_total", {
        route: "/training/:training_slug/modules/:module_slug",
        status: "302",
      }),
    ).toBe(1);
    // An unknown path is labelled by the route that answers it, never by the path a caller chose.
    expect(sample(text, "cap_http_requests_total", { route: "/*", status: "404" })).toBe(1);
    expect(text).not.toContain("pas-une-page");
    expect(sample(text, "cap_http_requests_total", { method: "POST", route: "/api/dashboard/register" })).toBe(1);
    expect(sample(text, "cap_http_request_duration_seconds_count", { route: "/home", status: "200" })).toBe(6);
    expect(
      sample(text, "cap_http_request_duration_seconds_bucket", { route: "/home", status: "200", le: "+Inf" }),
    ).toBe(6);
    // The verification mail is in the outbox (the sender may have sent it since: 0 or 1), read from the one database.
    expect(sample(text, "cap_mail_outbox_backlog")).toBeLessThanOrEqual(1);
    expect(sample(text, "cap_mail_outbox_oldest_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "cap_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(2);
    expect(sample(text, "cap_http_requests_waiting")).toBe(0);
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(text).toMatch(/^# TYPE cap_render_cache_lookups_total counter$/m);
  });

  it("is not on the public site", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  });

  it("answers /readyz 503 while the database is away, and 200 again once it is back", async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    await relayed.proxy.down();
    try {
      await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 503, 15_000);
    } finally {
      await relayed.proxy.up();
    }
    await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200, 30_000);
  }, 60_000);
});

describe("/metrics of the bounded queue (built server, PGlite, one request at a time)", () => {
  it("counts the requests turned away with 503", async () => {
    const port = await freePort();
    const busy = await startServer({ METRICS_PORT: String(port), REQUESTS_IN_FLIGHT: "1", REQUESTS_QUEUED: "0" });
    try {
      const statuses = await Promise.all(
        // Sign-in attempts: each checks a password hash, long enough for the others to find the queue full.
        Array.from({ length: 24 }, () =>
          fetch(`${busy.url}/home/login`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: busy.url },
            body: "email=personne%40example.com&password=pas-le-bon-mot",
            redirect: "manual",
          }).then((answer) => answer.status),
        ),
      );
      const refused = statuses.filter((status) => status === 503).length;
      expect(statuses).toContain(503);
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(sample(text, "cap_http_requests_turned_away_total", { reason: "full" })).toBe(refused);
    } finally {
      await busy.stop();
    }
  }, 90_000);
});
