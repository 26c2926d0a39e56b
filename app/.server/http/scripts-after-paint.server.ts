/**
 * A first paint that never waits for scripts. Remix's `<Scripts>` ends the
 * page with a `<link rel="modulepreload">` for every module the page hydrates with and a module
 * script importing them, and the root asks for the page's strings with a `<link rel="preload">`:
 * the browser starts all of them while it lays the page out. A slow phone shares its line between
 * them and the paint, and Lighthouse's simulation (Lantern) counts every request that ended before
 * the paint it observed in its estimate of that paint. Every page works without JavaScript, so
 * nothing of it needs to start before the page is on screen.
 *
 * The rendered document is rewritten, each element left where React hydrates it (React compares
 * neither a link's attributes nor a script's text):
 *   - each modulepreload link keeps its place with no `rel` and no `href`: nothing to fetch;
 *   - so does the strings preload in the head (the loader below asks for the strings);
 *   - the module script becomes a classic one which, once the browser reports the first paint (or
 *     at once in a background tab, or after a frame where no paint is reported), asks for the
 *     strings and imports every module in parallel (asked for in tasks of a few ms each), sets
 *     Remix's globals with the same code as before, then imports the client entry, which hydrates.
 * Typed before the page hydrates, a field keeps its text (entry.client.tsx). A page without the
 * module script (a light page) is left as it is.
 */
const MODULE_SCRIPT = /<script([^>]*?) type="module" async="">([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const STRINGS_PRELOAD = /<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous"\/>/;
const NAMED_IMPORT = /^import \* as (route\d+) from ("[^"]+");$/gm;
const BARE_IMPORT = /^import ("[^"]+");$/gm;
const ENTRY_IMPORT = /^import\(("[^"]+")\);$/m;

/** How long a browser that reports no paint waits before the scripts start anyway (ms). */
const NO_PAINT_REPORTED_MS = 1_000;
/**
 * The main thread's time the loader takes in one task before it yields (ms). A request costs 1–3 ms
 * here (Chromium's trace), so a task runs to 4–7 ms: under Lighthouse's 50 ms at its 4× slowdown
 * even on a machine twice as slow (at 8 ms a task ran to 12 ms, 100 ms there).
 */
const STEPS_BUDGET_MS = 4;

export function scriptsAfterPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  const entry = script && ENTRY_IMPORT.exec(script[2]);
  if (!script || !entry) return html;
  const [element, attributes, code] = script;

  const named: { name: string; url: string }[] = [];
  const bare: string[] = [];
  const rest = code
    .replace(NAMED_IMPORT, (_, name: string, url: string) => {
      named.push({ name, url });
      return "";
    })
    .replace(BARE_IMPORT, (_, url: string) => {
      bare.push(url);
      return "";
    })
    .replace(ENTRY_IMPORT, "")
    .trim();
  // The chunks the entry and the routes import, all asked for at the start rather than one import after another.
  const chunks = [...html.matchAll(MODULE_PRELOAD)]
    .map(([, url]) => JSON.stringify(url))
    .filter((url) => url !== entry[1] && !named.some((module) => module.url === url));
  const strings = STRINGS_PRELOAD.exec(html)?.[1];

  // Quoted, as in the module script.
  const modules = [...bare, ...named.map((module) => module.url)];
  const loader = [
    "(function(){",
    "var started=false;",
    "function start(){",
    "if(started)return;started=true;",
    "var steps=[],loaded=[];",
    strings ? `steps.push(function(){preload(${JSON.stringify(strings)})});` : "",
    `[${chunks.join(",")}].forEach(function(u){steps.push(function(){import(u).catch(ignore)})});`,
    `[${modules.join(",")}].forEach(function(u,i){steps.push(function(){loaded[i]=import(u)})});`,
    "steps.push(function(){Promise.all(loaded)",
    `.then(function(m){${named.map((module, index) => `var ${module.name}=m[${bare.length + index}];`).join("")}`,
    rest,
    `return import(${entry[1]});})`,
    '.catch(function(e){console.error("Cap: the scripts did not load; the page works on without them.",e)})});',
    // Each request costs the main thread a few milliseconds on a slow phone: asked for all in one
    // task they made a long one (up to 200 ms at a 4× slower processor), which blocks a tap.
    "(function run(){var t=performance.now();",
    `do steps.shift()();while(steps.length&&performance.now()-t<${STEPS_BUDGET_MS});`,
    "if(steps.length)setTimeout(run,0)})();",
    "}",
    // The strings are asked for as the root's preload did, so that entry.client's fetch takes them.
    'function preload(u){var l=document.createElement("link");l.rel="preload";l.as="fetch";l.crossOrigin="anonymous";l.href=u;document.head.appendChild(l)}',
    "function ignore(){}",
    "function soon(){setTimeout(start,0)}",
    'if(document.visibilityState!=="visible"){start();return}',
    'var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){',
    'new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();soon()}}).observe({type:"paint",buffered:true});',
    `setTimeout(start,${NO_PAINT_REPORTED_MS})`,
    "}else requestAnimationFrame(soon);",
    'document.addEventListener("visibilitychange",start);',
    "})();",
  ]
    .filter(Boolean)
    .join("\n");

  return html
    .replace(element, () => `<script${attributes}>${loader}</script>`)
    .replace(MODULE_PRELOAD, "<link/>")
    .replace(STRINGS_PRELOAD, "<link/>");
}

const LISTED_MODULES = /\[((?:"\/build\/[^"]+\.js",?)+)\]\.forEach/g;
const IMPORTED_MODULE = /\bimport\("(\/build\/[^"]+\.js)"\)/g;

/**
 * The /build/ modules the loader of a page `scriptsAfterPaint` wrote imports once the page is
 * painted: its lists, asked for a step at a time, and the client entry, imported last. What the bench
 * weighs and the browser tests count as a first load; kept beside the loader it reads.
 */
export function modulesTheLoaderImports(html: string): string[] {
  const listed = [...html.matchAll(LISTED_MODULES)].flatMap(([, list]) => list.match(/\/build\/[^"]+\.js/g) ?? []);
  const imported = [...html.matchAll(IMPORTED_MODULE)].map(([, url]) => url);
  return [...new Set([...listed, ...imported])];
}
