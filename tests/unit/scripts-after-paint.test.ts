import { describe, expect, it } from "vitest";
import { modulesTheLoaderImports, scriptsAfterPaint } from "~/.server/http/scripts-after-paint.server";

/**
 * Issue 27, a first paint that never waits for scripts: a page as Remix 2 writes it, and what the
 * server sends instead (app/.server/http/scripts-after-paint.server.ts).
 */
const remixPage = [
  '<html lang="fr" data-strings="/build/strings/fr-S.json"><head><style>h1{}</style>',
  '<link rel="preload" href="/build/strings/fr-S.json" as="fetch" crossorigin="anonymous"/></head>',
  "<body><main><h1>Cap</h1></main>",
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
  'import("/build/entry.client-A.js");</script></body></html>',
].join("\n");

const loaderOf = (html: string) => /<script nonce="n0nce">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

/**
 * Runs the loader with a fake browser; `paint()` reports the first contentful paint. Asking for a
 * module or the strings costs the main thread `costMs` of the fake clock.
 */
function runLoader(loader: string, { visible = true, paintTiming = true, costMs = 0 } = {}) {
  let clock = 0;
  const imported: string[] = [];
  const preloaded: string[] = [];
  const window: Record<string, unknown> = {};
  let routeModulesWhenEntryImported: unknown;
  let observer: ((list: unknown, self: { disconnect(): void }) => void) | undefined;
  const timers: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const fakeImport = async (url: string) => {
    clock += costMs;
    imported.push(url);
    if (url.includes("entry.client")) routeModulesWhenEntryImported = window.__remixRouteModules;
    return { url };
  };
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ["paint", "navigation"] : ["navigation"];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe() {}
  }
  window.PerformanceObserver = FakeObserver;
  const document = {
    visibilityState: visible ? "visible" : "hidden",
    addEventListener() {},
    createElement: () => ({}) as Record<string, string>,
    head: {
      appendChild: (link: { href: string; rel: string }) => {
        clock += costMs;
        preloaded.push(`${link.rel} ${link.href}`);
      },
    },
  };
  new Function(
    "import_",
    "window",
    "document",
    "setTimeout",
    "requestAnimationFrame",
    "performance",
    loader.replaceAll("import(", "import_("),
  )(
    fakeImport,
    window,
    document,
    (callback: () => void) => timers.push(callback),
    (callback: () => void) => frames.push(callback),
    { now: () => clock },
  );
  return {
    imported,
    preloaded,
    entryImportedAfter: () => routeModulesWhenEntryImported,
    paint: () =>
      observer?.(
        { getEntriesByName: (name: string) => (name === "first-contentful-paint" ? [{}] : []) },
        { disconnect() {} },
      ),
    timers,
    frames,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("scriptsAfterPaint", () => {
  const sent = scriptsAfterPaint(remixPage);

  it("leaves nothing in the page that the browser fetches before the paint", () => {
    expect(sent).not.toMatch(/<link\b[^>]*\b(rel|href)=/);
    expect(sent).not.toMatch(/<script\b[^>]*\b(type="module"|src=)/);
    // Each link keeps its place, where React hydrates one: five in all (four modules, the strings).
    expect(sent.match(/<link\/>/g)).toHaveLength(5);
    expect(sent).toContain('<script nonce="n0nce">window.__remixContext = {"state":{}};</script>');
  });

  it("starts nothing until the browser reports the first paint, then everything at once", async () => {
    const browser = runLoader(loaderOf(sent));
    await settle();
    expect(browser.imported).toEqual([]);
    expect(browser.preloaded).toEqual([]);
    browser.paint();
    // The paint is reported: the scripts start on the next task, not inside the observer.
    expect(browser.imported).toEqual([]);
    browser.timers.shift()?.();
    await settle();
    expect(browser.preloaded).toEqual(["preload /build/strings/fr-S.json"]);
    expect(browser.imported.slice(0, 3).sort()).toEqual([
      "/build/_shared/chunk-B.js",
      "/build/root-C.js",
      "/build/routes/_home-D.js",
    ]);
    // The globals are set before the entry, which hydrates, is imported last.
    expect(browser.imported.at(-1)).toBe("/build/entry.client-A.js");
    expect(browser.entryImportedAfter()).toEqual({
      root: { url: "/build/root-C.js" },
      "routes/_home": { url: "/build/routes/_home-D.js" },
    });
  });

  it("asks for the modules in short tasks on a slow processor, each giving the main thread back", async () => {
    const rootLink = '<link rel="modulepreload" href="/build/root-C.js"/>';
    const moreChunks = ["E", "F", "G", "H"].map(
      (name) => `<link rel="modulepreload" href="/build/_shared/chunk-${name}.js"/>`,
    );
    const page = scriptsAfterPaint(remixPage.replace(rootLink, `${moreChunks.join("")}${rootLink}`));
    // 3 ms a request: two requests (6 ms) pass the loader's 4 ms, and it yields.
    const browser = runLoader(loaderOf(page), { costMs: 3 });
    browser.paint();
    browser.timers.shift()?.();
    const perTask: number[] = [];
    let asked = browser.preloaded.length + browser.imported.length;
    perTask.push(asked);
    while (browser.timers.length > 0) {
      browser.timers.shift()?.();
      perTask.push(browser.preloaded.length + browser.imported.length - asked);
      asked = browser.preloaded.length + browser.imported.length;
    }
    // The strings, five chunks and two route modules, in four tasks of two (the other timers ask
    // for nothing: the fallback start, and the last step, which waits for the modules).
    expect(perTask.filter((count) => count > 0)).toEqual([2, 2, 2, 2]);
    await settle();
    expect(browser.imported.at(-1)).toBe("/build/entry.client-A.js");
    expect(browser.imported).toHaveLength(8);
  });

  it("starts anyway after a second when no paint is reported, once", async () => {
    const browser = runLoader(loaderOf(sent));
    // The first timer is the fallback (the paint's own comes only after it is reported).
    for (const timer of browser.timers.splice(0)) timer();
    browser.paint();
    for (const timer of browser.timers.splice(0)) timer();
    await settle();
    expect(browser.imported.filter((url) => url.includes("entry.client"))).toHaveLength(1);
  });

  it("waits a frame in a browser without paint timing, and not at all in a background tab", async () => {
    const old = runLoader(loaderOf(sent), { paintTiming: false });
    expect(old.frames).toHaveLength(1);
    old.frames[0]();
    old.timers.shift()?.();
    await settle();
    expect(old.imported.at(-1)).toBe("/build/entry.client-A.js");

    const hidden = runLoader(loaderOf(sent), { visible: false });
    await settle();
    expect(hidden.imported.at(-1)).toBe("/build/entry.client-A.js");
  });

  it("reads back the modules its loader imports, as a browser would import them", async () => {
    const browser = runLoader(loaderOf(sent));
    browser.paint();
    while (browser.timers.length > 0) browser.timers.shift()?.();
    await settle();
    expect(modulesTheLoaderImports(sent).sort()).toEqual([...browser.imported].sort());
    expect(browser.imported).toHaveLength(4);
    expect(modulesTheLoaderImports("<main><h1>Cap</h1></main>")).toEqual([]);
  });

  it("leaves a page without Remix's module script as it is (a light page)", () => {
    const light = "<main><h1>Cap</h1></main>";
    expect(scriptsAfterPaint(light)).toBe(light);
  });
});
