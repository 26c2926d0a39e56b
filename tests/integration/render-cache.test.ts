import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "../support/server-process";

/**
 * Issue 27, the render cache (app/.server/http/render-cache.server.ts): a page the same for every
 * visitor without a session is rendered once per build, path and language, then served from
 * memory. The built server, as members meet it; Server-Timing (SERVER_TIMING=1) says a hit.
 */
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ SERVER_TIMING: "1" });
}, 180_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

const hit = (answer: Response) => /render-cache;desc="hit"/.test(answer.headers.get("server-timing") ?? "");
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: "manual" });

/** The language cookie as the app writes it (a Remix cookie: base64 of its JSON value). */
const languageCookie = (lang: string) => `lng=${Buffer.from(JSON.stringify(lang)).toString("base64")}`;

function sha256(text: string) {
  return createHash("sha256").update(text).digest("base64");
}

describe("render cache", () => {
  it("serves a public page again from memory, with a CSP that allows exactly its inline scripts and stylesheet", async () => {
    const first = await get("/home/start-freemium");
    const firstHtml = await first.text();
    const second = await get("/home/start-freemium");
    const secondHtml = await second.text();
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(hit(first)).toBe(false);
    expect(hit(second)).toBe(true);
    expect(secondHtml).toBe(firstHtml);
    expect(second.headers.get("content-type")).toMatch(/^text\/html/);
    expect(second.headers.get("x-cap-cacheable-page")).toBeNull();

    // No nonce a visitor could reuse: every inline script and the stylesheet are named by their hash.
    const csp = second.headers.get("content-security-policy") ?? "";
    expect(csp).not.toMatch(/nonce-/);
    expect(secondHtml).not.toMatch(/nonce="[^"]/);
    const inlineScripts = [...secondHtml.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    const styles = [...secondHtml.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    expect(styles.length).toBe(1);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    const styleSrc = /style-src ([^;]*)/.exec(csp)?.[1] ?? "";
    for (const [, text] of inlineScripts) expect(scriptSrc).toContain(`'sha256-${sha256(text)}'`);
    expect(styleSrc).toContain(`'sha256-${sha256(styles[0][1])}'`);
    expect(scriptSrc).not.toMatch(/unsafe-inline/);
  });

  it("sends the kept page gzipped to a browser that takes it, and as it is to one that does not", async () => {
    await get("/coming-soon");
    const plain = await get("/coming-soon", { "accept-encoding": "identity" });
    const zipped = await get("/coming-soon", { "accept-encoding": "gzip" });
    expect(hit(plain) && hit(zipped)).toBe(true);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toMatch(/accept-encoding/i);
    // fetch inflates: the same page either way.
    expect(await zipped.text()).toBe(await plain.text());
  });

  it("keeps one page per language, chosen by the cookie or the browser's languages", async () => {
    const french = await get("/home", { "accept-language": "fr-FR" });
    await get("/home", { "accept-language": "en-GB" });
    const english = await get("/home", { "accept-language": "en-GB" });
    const byCookie = await get("/home", { cookie: languageCookie("en"), "accept-language": "fr-FR" });
    expect(await french.text()).toMatch(/<html lang="fr"/);
    expect(hit(english)).toBe(true);
    expect(await english.text()).toMatch(/<html lang="en"/);
    expect(hit(byCookie)).toBe(true);
    expect(await byCookie.text()).toMatch(/<html lang="en"/);
  });

  it("keeps a light page (Save-Data) apart from the page with its scripts", async () => {
    await get("/home/who-are-you");
    await get("/home/who-are-you", { "save-data": "on" });
    const light = await get("/home/who-are-you", { "save-data": "on" });
    const full = await get("/home/who-are-you");
    expect(hit(light) && hit(full)).toBe(true);
    expect(light.headers.get("vary")).toMatch(/save-data/i);
    expect(await light.text()).not.toMatch(/<script\b/);
    expect(await full.text()).toMatch(/<script\b/);
  });

  it("never serves a visitor's own registration draft to another, nor the kept page to the visitor with a draft", async () => {
    // Another visitor's page is kept first.
    await get("/home/register");
    expect(hit(await get("/home/register"))).toBe(true);

    // A visitor types the first step (JavaScript off: the draft lives in a cookie).
    const step = await fetch(`${server.url}/home/register`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({
        intent: "next",
        firstName: "Prunelle",
        lastName: "Cachée",
        birthDate: "1990-04-02",
        gender: "female",
        userType: "adventurer",
      }),
      redirect: "manual",
    });
    expect(step.status).toBe(302);
    const draft = (step.headers.get("set-cookie") ?? "").split(";")[0];
    expect(draft).toMatch(/^register_draft=/);

    const own = await get("/home/register", { cookie: draft });
    expect(hit(own)).toBe(false);
    expect(await own.text()).toContain("Prunelle");
    for (let i = 0; i < 2; i++) {
      const other = await get("/home/register");
      expect(hit(other)).toBe(true);
      expect(await other.text()).not.toContain("Prunelle");
    }
  });

  it("leaves out of the shared pages what is someone's own: a query string, a session token (even a stale one), a page not marked shared", async () => {
    for (let i = 0; i < 2; i++) {
      expect(hit(await get("/home/login?redirect_after=/my_commitments"))).toBe(false);
      // A token (even a stale one) goes to the route, which answers for that visitor.
      expect(hit(await get("/home/login", { cookie: "token=stale" }))).toBe(false);
      expect(hit(await get("/home/login", { authorization: "Bearer stale" }))).toBe(false);
      // Not marked shared: the 404 page, a private-link page.
      const missing = await get("/nowhere-to-be-found");
      expect(missing.status).toBe(404);
      expect(hit(missing)).toBe(false);
      expect(hit(await get("/survey/not-a-real-token"))).toBe(false);
    }
    // A page not marked shared keeps a nonce of its own answer.
    const [one, two] = [await get("/nowhere-to-be-found"), await get("/nowhere-to-be-found")];
    const nonceOf = (answer: Response) =>
      /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonceOf(one)).toBeTruthy();
    expect(nonceOf(two)).not.toBe(nonceOf(one));
  });
});
