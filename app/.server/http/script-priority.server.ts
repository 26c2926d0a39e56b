/**
 * The page's scripts never compete with its first paint. Remix's `<Scripts>` announces every module
 * of the page with `<link rel="modulepreload">`, which Chromium fetches at High priority: on a
 * slow phone they share the line with the document and the paint, and Lighthouse's simulation
 * (Lantern: a High-priority Script request is render-blocking) counts each one finished before the
 * first paint in it (issue 27, target 6). Marked `fetchpriority="low"`, they are fetched at Low
 * priority, in parallel as before; the page's module script imports the same files, so it
 * still hydrates before the load event (a form typed into after load keeps its text).
 */
const MODULE_PRELOAD = /<link rel="modulepreload"( href="[^"]*")\/>/g;

/** The document with each of Remix's module preloads at low fetch priority. */
export function lowerScriptPriority(html: string): string {
  return html.replace(MODULE_PRELOAD, '<link rel="modulepreload"$1 fetchpriority="low"/>');
}
