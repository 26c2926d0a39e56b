import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { boundedQueue, BUSY_RETRY_AFTER_SECONDS } from "~/.server/http/request-queue.server";
import { languageCookie } from "~/.server/i18n/i18n.server";
import { startServer, type ServerProcess } from "../support/server-process";

/**
 * Issue 27, target 4: past what a worker can serve, a fast 503 with Retry-After from a bounded
 * queue instead of a wait that grows. First the queue alone, in front of a handler that holds its
 * requests until told to answer; then the built server with a queue of one, where public pages it
 * keeps in memory are answered before the queue, like static files.
 */

/** An Express app whose answers wait for release(): the queue's in-flight requests stay in flight. */
async function heldApp(limits: { inFlight: number; waiting: number; maxWaitMs?: number }) {
  let held: (() => void)[] = [];
  let handled = 0;
  const app = express();
  app.use(boundedQueue({ maxWaitMs: 60_000, ...limits }));
  app.get("*", (req, res) => {
    handled += 1;
    held.push(() => res.type("text").send(`answered ${req.path}`));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    handled: () => handled,
    release() {
      const answers = held;
      held = [];
      for (const answer of answers) answer();
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

async function until(check: () => boolean) {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the bounded queue", () => {
  let app: Awaited<ReturnType<typeof heldApp>> | undefined;
  afterEach(async () => {
    app?.release();
    await app?.close();
  });

  it("serves every request below its bounds, the waiting ones once a place frees, in order", async () => {
    app = await heldApp({ inFlight: 2, waiting: 3 });
    const answers = [1, 2, 3, 4, 5].map((n) => fetch(`${app!.url}/page-${n}`));
    await until(() => app!.handled() === 2);
    // Three wait: the handler has not seen them.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.handled()).toBe(2);
    app.release();
    await until(() => app!.handled() === 4);
    app.release();
    await until(() => app!.handled() === 5);
    app.release();
    const responses = await Promise.all(answers);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await Promise.all(responses.map((response) => response.text()))).toEqual([
      "answered /page-1",
      "answered /page-2",
      "answered /page-3",
      "answered /page-4",
      "answered /page-5",
    ]);
  });

  it("answers 503 at once with Retry-After and a translated page beyond its bounds, and nothing reaches the handler", async () => {
    app = await heldApp({ inFlight: 1, waiting: 1 });
    const first = fetch(`${app.url}/one`);
    await until(() => app!.handled() === 1);
    const second = fetch(`${app.url}/two`);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const started = Date.now();
    const refused = await fetch(`${app.url}/three`, { headers: { "accept-language": "fr-FR,fr;q=0.9" } });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe(BUSY_RETRY_AFTER_SECONDS);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await refused.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain("Cap est très demandé en ce moment");
    expect(page).not.toContain("<script");

    const english = await fetch(`${app.url}/four`, { headers: { "accept-language": "en" } });
    expect(english.status).toBe(503);
    expect(await english.text()).toContain("Cap is very busy right now");

    // On a page, the member's chosen language (its cookie) wins over the browser's.
    const chosen = (await languageCookie.serialize("en")).split(";")[0];
    const chosenPage = await fetch(`${app.url}/five`, { headers: { cookie: chosen, "accept-language": "fr" } });
    expect(await chosenPage.text()).toContain("Cap is very busy right now");

    // On the API, Accept-Language wins (SPEC §7: the client sends its current locale), the cookie
    // standing in when there is none.
    const api = await fetch(`${app.url}/api/me`, { headers: { cookie: chosen, "accept-language": "fr" } });
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe(BUSY_RETRY_AFTER_SECONDS);
    expect(await api.json()).toEqual({ errors: { base: [expect.stringContaining("Trop de personnes")] } });
    const apiByCookie = await fetch(`${app.url}/api/me`, { headers: { cookie: chosen } });
    expect(await apiByCookie.json()).toEqual({ errors: { base: [expect.stringContaining("Too many people")] } });

    expect(app.handled()).toBe(1);
    app.release();
    await until(() => app!.handled() === 2);
    app.release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
  });

  it("answers 503 with Retry-After to a request that waited its turn too long, which never reaches the handler", async () => {
    app = await heldApp({ inFlight: 1, waiting: 5, maxWaitMs: 300 });
    const first = fetch(`${app.url}/one`);
    await until(() => app!.handled() === 1);
    const started = Date.now();
    const late = await fetch(`${app.url}/two`, { headers: { "accept-language": "en" } });
    const waited = Date.now() - started;
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBe(BUSY_RETRY_AFTER_SECONDS);
    expect(await late.text()).toContain("Cap is very busy right now");
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(2_000);
    expect(app.handled()).toBe(1);

    // Its place is free: the next one waits and is served once the first is answered.
    const third = fetch(`${app.url}/three`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    app.release();
    await until(() => app!.handled() === 2);
    app.release();
    expect((await first).status).toBe(200);
    expect(await (await third).text()).toBe("answered /three");
  });

  it("frees the place of a client that gives up while waiting, and of one that goes away while served", async () => {
    app = await heldApp({ inFlight: 1, waiting: 1 });
    const served = new AbortController();
    const first = fetch(`${app.url}/one`, { signal: served.signal }).catch(() => "gone");
    await until(() => app!.handled() === 1);
    const waiting = new AbortController();
    const second = fetch(`${app.url}/two`, { signal: waiting.signal }).catch(() => "gone");
    await new Promise((resolve) => setTimeout(resolve, 50));
    waiting.abort();
    served.abort();
    expect(await first).toBe("gone");
    expect(await second).toBe("gone");
    // The waiting one may have had its turn before its departure was seen: either way both leave.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = app.handled();

    // Both places are free again: the next request is served, the one after waits, not refused.
    const third = fetch(`${app.url}/three`);
    await until(() => app!.handled() === before + 1);
    const fourth = fetch(`${app.url}/four`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.handled()).toBe(before + 1);
    app.release();
    await until(() => app!.handled() === before + 2);
    app.release();
    expect((await third).status).toBe(200);
    expect((await fourth).status).toBe(200);
  });
});

describe("the built server with a queue of one (REQUESTS_IN_FLIGHT=1, REQUESTS_QUEUED=0)", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ REQUESTS_IN_FLIGHT: "1", REQUESTS_QUEUED: "0" });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it("answers a crowd of page requests 200 or a fast 503 with Retry-After, never anything else", async () => {
    // With a query string, the page is rendered for each request (never kept): each takes the queue.
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, n) => fetch(`${server.url}/home/login?redirect_after=/trainings&n=${n}`)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    for (const response of responses) {
      const body = await response.text();
      if (response.status === 503) {
        expect(response.headers.get("retry-after")).toBe(BUSY_RETRY_AFTER_SECONDS);
        expect(response.headers.get("content-security-policy")).toContain("default-src");
        expect(body).toContain("Cap est très demandé en ce moment");
      } else expect(body).toContain("<main");
    }
  });

  it("gives a visitor a public page it keeps at once while the queue is full", async () => {
    // Rendered once, then kept (render-cache.server.ts).
    for (let n = 0; n < 2; n++) await (await fetch(`${server.url}/coming-soon`)).arrayBuffer();
    const crowd = Array.from({ length: 30 }, (_, n) => fetch(`${server.url}/home/login?n=${n}`));
    const kept = await Promise.all(Array.from({ length: 10 }, () => fetch(`${server.url}/coming-soon`)));
    const crowdStatuses = (await Promise.all(crowd)).map((response) => response.status);
    expect(crowdStatuses).toContain(503);
    expect(kept.map((response) => response.status)).toEqual(Array(10).fill(200));
    for (const response of kept) {
      expect(response.headers.get("content-security-policy")).toContain("default-src");
      expect(await response.text()).toContain("<main");
    }
  });

  it("never queues static files nor /healthz", async () => {
    const crowd = Array.from({ length: 20 }, () => fetch(`${server.url}/home`));
    const exempt = await Promise.all([
      ...Array.from({ length: 10 }, () => fetch(`${server.url}/favicon.svg`)),
      ...Array.from({ length: 10 }, () => fetch(`${server.url}/healthz`)),
    ]);
    expect(exempt.map((response) => response.status)).toEqual(Array(20).fill(200));
    await Promise.all((await Promise.all(crowd)).map((response) => response.arrayBuffer()));
  });

  it("serves every request one at a time, none refused", async () => {
    for (const path of ["/home", "/home/login", "/home/register", "/coming-soon"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
    }
  });
});
