import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  CACHEABLE_PAGE_HEADER,
  memberPageKey,
  rawBody,
  RenderCache,
  sharedPageKey,
  type CachedPage,
} from "~/.server/http/render-cache.server";

/**
 * Issue 27, the render cache's rules (app/.server/http/render-cache.server.ts): which requests share
 * a kept page, and how much a cache holds. The server as a whole: tests/integration/render-cache
 * and member-page-cache.
 */
const setting = { version: "build-1", language: "fr" as const, light: false };
const at = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://cap.test${path}`, { headers, method });
const cookie = { cookie: "token=member-a-token-0123456789" };
const now = Date.parse("2026-11-27T10:15:20Z");
const memberKey = (request: Request, more: Partial<Parameters<typeof memberPageKey>[1]> = {}) =>
  memberPageKey(request, { ...setting, versions: { member: "7" }, now, ...more });

describe("member page keys", () => {
  it("are the same for the same session, page, language, lightness and minute, whatever the versions (the page holds them)", () => {
    expect(memberKey(at("/", cookie))).toBe(memberKey(at("/", cookie), { now: now + 30_000 }));
    expect(memberKey(at("/", cookie))).toBe(memberKey(at("/", cookie), { versions: { member: "8" } }));
  });

  it("differ with whatever could change the page: who asks, the page, its query, the setting, the minute", () => {
    const key = memberKey(at("/my_team?page=2", cookie));
    const others = [
      memberKey(at("/my_team?page=2", { cookie: "token=member-b-token-0123456789" })),
      memberKey(at("/my_team?page=2", { ...cookie, authorization: "Bearer member-b-token-0123456789" })),
      memberKey(at("/my_team?page=2", { cookie: `${cookie.cookie}; tz=Europe/Paris` })),
      memberKey(at("/my_team?page=3", cookie)),
      memberKey(at("/my_team", cookie)),
      memberKey(at("/my_team?page=2", cookie), { version: "build-2" }),
      memberKey(at("/my_team?page=2", cookie), { language: "en" }),
      memberKey(at("/my_team?page=2", cookie), { light: true }),
      memberKey(at("/my_team?page=2", cookie), { now: Date.parse("2026-11-27T10:16:00Z") }),
    ];
    expect(key).not.toBeNull();
    for (const other of others) expect(other).not.toBe(key);
    expect(new Set(others).size).toBe(others.length);
  });

  it("are none without a live session, for another method, a client navigation's data or oversized headers", () => {
    expect(memberKey(at("/", cookie), { versions: null })).toBeNull();
    expect(memberKey(at("/", cookie, "HEAD"))).toBeNull();
    expect(memberKey(at("/?_data=routes%2F_default._index", cookie))).toBeNull();
    expect(memberKey(at(`/my_team?q=${"x".repeat(1000)}`, cookie))).toBeNull();
    expect(memberKey(at("/", { cookie: `token=t; junk=${"x".repeat(2000)}` }))).toBeNull();
  });

  it("never meet a shared page's keys", () => {
    expect(sharedPageKey(at("/home"), setting)).not.toBeNull();
    expect(sharedPageKey(at("/home", cookie), setting)).toBeNull();
    expect(memberKey(at("/home", cookie))).not.toBe(sharedPageKey(at("/home"), setting));
  });
});

describe("a render cache", () => {
  const page = (size: number, status = 200, headers: Record<string, string> = {}) =>
    new Response("x".repeat(size), {
      status,
      headers: { [CACHEABLE_PAGE_HEADER]: "member", "content-type": "text/html", ...headers },
    });
  /** Random text: gzip shrinks each page of a size to about the same weight. */
  const noise = (size: number) =>
    new Response(randomBytes(size).toString("base64").slice(0, size), {
      status: 200,
      headers: { [CACHEABLE_PAGE_HEADER]: "member" },
    });

  it("keeps a page 200 without Set-Cookie, gzipped and without the mark, and gives it back as it was", async () => {
    const cache = new RenderCache({ maxBytes: 1_000_000, level: 6 });
    const kept = (await cache.keep("k", page(5000))) as CachedPage;
    expect(kept).not.toBeInstanceOf(Response);
    expect(gunzipSync(kept.gzip).toString()).toBe("x".repeat(5000));
    expect(rawBody(kept).toString()).toBe("x".repeat(5000));
    expect(new Headers(kept.headers).has(CACHEABLE_PAGE_HEADER)).toBe(false);
    expect(cache.get("k")).toBe(kept);
  });

  it("keeps nothing without a key, for another status, with a Set-Cookie or no-store: the answer goes on, unmarked", async () => {
    const cache = new RenderCache({ maxBytes: 1_000_000, level: 6 });
    const refused = [
      await cache.keep(null, page(10)),
      await cache.keep("a", page(10, 404)),
      await cache.keep("b", page(10, 200, { "set-cookie": "flash=1" })),
      await cache.keep("c", page(10, 200, { "cache-control": "private, no-store" })),
    ];
    for (const answer of refused) {
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).headers.has(CACHEABLE_PAGE_HEADER)).toBe(false);
      expect(await (answer as Response).text()).toBe("x".repeat(10));
    }
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("c")).toBeUndefined();
    // Another Cache-Control is no reason to refuse.
    expect(await cache.keep("d", page(10, 200, { "cache-control": "private, no-cache" }))).not.toBeInstanceOf(Response);
  });

  it("serves a member page while the versions of what it reads stay: its member's, the subjects its mark names", async () => {
    const cache = new RenderCache({ maxBytes: 1_000_000, level: 6 });
    const versions = { member: "7", everything: "1", catalogue: "3", legal: "1", "bookings:coach-a": "5" };
    const marked = new Response("page", { headers: { [CACHEABLE_PAGE_HEADER]: "member catalogue legal" } });
    expect(await cache.keep("k", marked, versions)).not.toBeInstanceOf(Response);
    expect(cache.get("k", versions)).toBeDefined();
    // What it does not read: a coach's sessions, a subject that appears, another member (never in its versions).
    expect(
      cache.get("k", { ...versions, "bookings:coach-a": "6", "bookings:coach-b": "1", coaches: "2" }),
    ).toBeDefined();
    // What it reads: the subjects its mark names, its member's rows, a table emptied at once.
    for (const moved of [{ catalogue: "4" }, { legal: "2" }, { member: "8" }, { everything: "2" }]) {
      const again = new Response("page", { headers: { [CACHEABLE_PAGE_HEADER]: "member catalogue legal" } });
      await cache.keep("k", again, versions);
      expect(cache.get("k", { ...versions, ...moved })).toBeUndefined();
      // Gone for good: the versions it was kept under do not bring it back.
      expect(cache.get("k", versions)).toBeUndefined();
    }
    // A family stands for each of its rows, one added since among them.
    const agenda = new Response("agenda", { headers: { [CACHEABLE_PAGE_HEADER]: "member bookings" } });
    await cache.keep("a", agenda, versions);
    expect(cache.get("a", { ...versions, "bookings:coach-b": "1" })).toBeUndefined();
  });

  it("holds at most its bytes, letting the least recently served page go first", async () => {
    // Room for two pages and a half.
    const weighed = (await new RenderCache({ maxBytes: 1e6, level: 1 }).keep("w", noise(10_000))) as CachedPage;
    const cache = new RenderCache({ maxBytes: Math.round(weighed.gzip.length * 2.5), level: 1 });
    await cache.keep("one", noise(10_000));
    await cache.keep("two", noise(10_000));
    expect(cache.get("one")).toBeDefined(); // served again: "two" is now the oldest
    await cache.keep("three", noise(10_000));
    expect(cache.get("two")).toBeUndefined();
    expect(cache.get("one")).toBeDefined();
    expect(cache.get("three")).toBeDefined();
    // A page larger than the whole cache is sent, not kept, and evicts nothing.
    await cache.keep("huge", noise(30_000));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("one")).toBeDefined();
  });
});
