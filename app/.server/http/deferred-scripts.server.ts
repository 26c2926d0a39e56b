/**
 * A first paint that never waits for scripts (issue 27). Remix's <Scripts> ends the page with
 * `<link rel="modulepreload">` for every module the page hydrates with, and a module script that
 * imports them: the browser fetches all of them at high priority while it is still laying the page
 * out, and a slow phone (or Lighthouse's simulation of one) counts them in the first paint. Every
 * page works without JavaScript, so the scripts can wait for the page to be painted.
 *
 * The rendered document is rewritten, keeping its elements where React will hydrate them:
 *   - each modulepreload link becomes a `prefetch` (lowest priority: the browser's cache has the
 *     file when the page asks for it, the paint never waits for it);
 *   - the module script becomes a classic one that, once the page is painted (the frame after the
 *     first, or at once in a tab in the background), imports the same modules in parallel, sets
 *     the same globals, then imports the client entry, which hydrates.
 * React compares neither a script's text nor a link's rel when it hydrates, so the page hydrates
 * as it did. A page without the module script (low-data pages) is left as it is.
 */
const MODULE_SCRIPT = /<script([^>]*?) type="module" async="">([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const NAMED_IMPORT = /^import \* as (route\d+) from ("[^"]+");$/gm;
const BARE_IMPORT = /^import ("[^"]+");$/gm;
const ENTRY_IMPORT = /^import\(("[^"]+")\);$/m;

export function deferScripts(html: string): string {
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
  // The chunks the entry and the routes import, fetched in parallel rather than one import after another.
  const chunks = [...html.matchAll(MODULE_PRELOAD)]
    .map(([, url]) => JSON.stringify(url))
    .filter((url) => url !== entry[1] && !named.some((module) => module.url === url));

  const loader = [
    "(function(){",
    "function hydrate(){",
    `[${chunks.join(",")}].forEach(function(u){import(u)});`,
    `Promise.all([${[...bare, ...named.map((module) => module.url)].map((url) => `import(${url})`).join(",")}])`,
    `.then(function(m){${named.map((module, index) => `var ${module.name}=m[${bare.length + index}];`).join("")}`,
    rest,
    `return import(${entry[1]});});`,
    "}",
    // A visible page is painted first; a page in the background tab hydrates at once.
    'if(document.visibilityState==="visible")requestAnimationFrame(function(){setTimeout(hydrate,0)});else hydrate();',
    "})();",
  ].join("\n");

  return html
    .replace(element, () => `<script${attributes}>${loader}</script>`)
    .replace(MODULE_PRELOAD, (_, url: string) => `<link rel="prefetch" href="${url}"/>`);
}
