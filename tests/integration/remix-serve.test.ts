import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { securityHeaders, type InlineSources } from "~/.server/http/security-headers.server";
import { tokenOfNewMember } from "../support/server-members";
import { startServer, waitFor, type ServerProcess } from "../support/server-process";

/**
 * Issue 13, item 6: the production build served by `remix-serve build/index.js`, without
 * server.ts, is the same app. Its first request (the health check) starts the database and the
 * mail sender; public pages carry the security headers server.ts sends (the build sets them for
 * both) and a CSP allowing their inline scripts (by hash on the pages the same for every visitor,
 * else by a nonce); a member registers, logs in and is recognised.
 */
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({}, { under: "remix-serve" });
}, 90_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

/** The security headers server.ts sends for this configuration (the build sets them for both servers). */
function expectedHeaders(inline?: InlineSources) {
  const expected = securityHeaders({ NODE_ENV: "production", APP_URL: server.url, SENTRY_DSN: undefined }, inline);
  return Object.fromEntries(Object.entries(expected).map(([name, value]) => [name.toLowerCase(), value]));
}

const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "permissions-policy",
  "cross-origin-opener-policy",
  "strict-transport-security",
];

function securityHeadersOf(response: Response) {
  return Object.fromEntries(
    SECURITY_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)]] : [])),
  );
}

describe("the build under remix-serve", () => {
  it("is served by remix-serve, started by its first request: /healthz answers 200", async () => {
    expect(server.logs().some((line) => line.startsWith("[remix-serve]"))).toBe(true);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ ok: true });
  });

  it("serves the public pages with server.ts's security headers, their inline scripts and stylesheet allowed by hash", async () => {
    // These pages are the same for every visitor (issue 27's render cache): no nonce, the CSP names
    // the hash of each inline script and of the stylesheet.
    for (const path of ["/home", "/home/login", "/home/register", "/home/forgot-password"]) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status, path).toBe(200);
      const html = await page.text();
      const inline = (pattern: RegExp) => [
        ...new Set([...html.matchAll(pattern)].map(([, text]) => createHash("sha256").update(text).digest("base64"))),
      ];
      const scriptHashes = inline(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g);
      const styleHashes = inline(/<style\b[^>]*>([\s\S]*?)<\/style>/g);
      expect(scriptHashes.length, path).toBeGreaterThan(0);
      expect(securityHeadersOf(page), path).toEqual(expectedHeaders({ scriptHashes, styleHashes }));
      expect(page.headers.get("x-frame-options")).toBe("DENY");
      // The stylesheet comes written into the page, and is not linked.
      const styles = html.match(/<style\b[^>]*>[^<]{1000,}<\/style>/g) ?? [];
      expect(styles.length, path).toBe(1);
      expect(html, path).not.toMatch(/<link\b[^>]*rel="stylesheet"/);
    }
  });

  it("sends no script, preload or module a browser would fetch before the paint; a loader starts them once painted (issue 27, target 6)", async () => {
    // A shared page (kept by the render cache, its CSP by hashes) and one rendered for its visitor alike.
    for (const path of ["/home", "/nowhere-to-be-found"]) {
      const page = await fetch(`${server.url}${path}`);
      const html = await page.text();
      expect(html, path).not.toMatch(/<link\b[^>]*\brel="(modulepreload|preload|prefetch)"/);
      expect(html, path).not.toMatch(/<script\b[^>]*\b(type="module"|src=)/);
      // The loader imports the client entry (which hydrates) after the route modules, once the
      // browser reports the first paint.
      const loader = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
        .map(([, text]) => text)
        .find((text) => text.includes("first-contentful-paint"));
      expect(loader, path).toMatch(
        /"\/build\/routes\/[^"]+\.js"\]\.forEach\(function\(u,i\)\{steps\.push\(function\(\)\{loaded\[i\]=import\(u\)[\s\S]*__remixRouteModules[\s\S]*import\("\/build\/entry\.client-[\w-]+\.js"\)/,
      );
      const strings = /data-strings="([^"]+)"/.exec(html)?.[1];
      expect(loader, path).toContain(`preload(${JSON.stringify(strings)})`);
      // Its CSP allows it: by the page's nonce, or by its hash on a page the same for everyone.
      const csp = page.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      if (nonce) expect(html, path).toContain(`<script nonce="${nonce}">(function(){`);
      else expect(csp, path).toContain(`'sha256-${createHash("sha256").update(loader!).digest("base64")}'`);
    }
  });

  it("gives a page of one visitor's own a nonce of its answer on every script and style", async () => {
    const page = await fetch(`${server.url}/nowhere-to-be-found`);
    expect(page.status).toBe(404);
    const nonce = page.headers.get("content-security-policy")?.match(/script-src 'self' 'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(securityHeadersOf(page)).toEqual(expectedHeaders(nonce));
    const html = await page.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    expect(html.match(/<style\b[^>]*>/)?.[0]).toContain(`nonce="${nonce}"`);
  });

  it("registers a member, mails them their code, and recognises them once logged in (same headers on the API)", async () => {
    const json = { "Content-Type": "application/json" };
    const credentials = { email: "remix.serve@example.com", password: "correct horse" };
    expect(await tokenOfNewMember(server.url, credentials)).toBeTruthy();
    // The mail sender runs: without SMTP_URL it prints the verification email.
    await waitFor(() => server.logs().some((line) => line.includes(`[mail] To: ${credentials.email}`)), 15_000);

    const login = await fetch(`${server.url}/api/dashboard/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify(credentials),
    });
    expect(login.status).toBe(200);
    expect(securityHeadersOf(login)).toEqual(expectedHeaders());
    const token = (await login.json()) as string;

    const whoami = await fetch(`${server.url}/api/dashboard/whoami`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(whoami.status).toBe(200);
    const me = (await whoami.json()) as { ory: { identity: { traits: { email: string } } } };
    expect(me.ory.identity.traits.email).toBe(credentials.email);
  });
});
