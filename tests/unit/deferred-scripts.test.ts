import { describe, expect, it } from "vitest";
import { deferScripts } from "~/.server/http/deferred-scripts.server";

/**
 * Issue 27, a first paint that never waits for scripts: the end of a page as Remix 2 writes it, and
 * what the server sends instead (app/.server/http/deferred-scripts.server.ts).
 */
const remixEnd = [
  "<main><h1>Cap</h1></main>",
  '<link rel="modulepreload" href="/build/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/build/_shared/chunk-B.js"/>',
  '<link rel="modulepreload" href="/build/root-C.js"/>',
  '<link rel="modulepreload" href="/build/routes/_home-D.js"/>',
  '<script nonce="n0nce">window.__remixContext = {"state":{}};</script>',
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/build/root-C.js";',
  'import * as route1 from "/build/routes/_home-D.js";',
  'window.__remixManifest = {"entry":{}};',
  'window.__remixRouteModules = {"root":route0,"routes/_home":route1};',
  "",
  'import("/build/entry.client-A.js");</script>',
].join("\n");

describe("deferScripts", () => {
  const sent = deferScripts(remixEnd);

  it("leaves nothing the browser fetches at high priority before the paint", () => {
    expect(sent).not.toMatch(/rel="modulepreload"/);
    expect(sent).not.toMatch(/type="module"/);
    // Each preload stays as a prefetch, where React hydrates a link.
    expect(sent.match(/<link rel="prefetch" href="[^"]+"\/>/g)).toHaveLength(4);
  });

  it("keeps the context script and the nonce, and imports the same modules once painted, the entry last", () => {
    expect(sent).toContain('<script nonce="n0nce">window.__remixContext = {"state":{}};</script>');
    const loader = /<script nonce="n0nce">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(sent)?.[1] ?? "";
    expect(loader).toContain("requestAnimationFrame");
    expect(loader).toContain('["/build/_shared/chunk-B.js"].forEach');
    expect(loader).toContain('Promise.all([import("/build/root-C.js"),import("/build/routes/_home-D.js")])');
    expect(loader).toContain("var route0=m[0];var route1=m[1];");
    expect(loader).toContain('window.__remixRouteModules = {"root":route0,"routes/_home":route1};');
    expect(loader.indexOf("__remixRouteModules")).toBeLessThan(loader.indexOf('import("/build/entry.client-A.js")'));
    expect(loader).not.toMatch(/^import /m);
  });

  it("runs: the globals are set before the entry is imported", async () => {
    const loader = /<script nonce="n0nce">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(sent)?.[1] ?? "";
    const imported: string[] = [];
    const window: Record<string, unknown> = {};
    let entryAfter: unknown;
    const fakeImport = async (url: string) => {
      imported.push(url);
      if (url.includes("entry.client")) entryAfter = window.__remixRouteModules;
      return { url };
    };
    const document = { visibilityState: "hidden" };
    new Function("import_", "window", "document", "requestAnimationFrame", loader.replaceAll("import(", "import_("))(
      fakeImport,
      window,
      document,
      () => {},
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(imported.at(-1)).toBe("/build/entry.client-A.js");
    expect(entryAfter).toEqual({
      root: { url: "/build/root-C.js" },
      "routes/_home": { url: "/build/routes/_home-D.js" },
    });
  });

  it("leaves a page without Remix's module script as it is (a light page)", () => {
    const light = "<main><h1>Cap</h1></main>";
    expect(deferScripts(light)).toBe(light);
  });
});
