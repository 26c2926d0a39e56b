/**
 * Light pages: a page without any script — no module, no preload of one, no
 * inline script — for a browser that asks to save data (`Save-Data: on`) or a member who chose
 * "pages légères" on their profile. Every page already works without JavaScript, so nothing is lost
 * but the pending states. A page that varies by the header says so (LIGHT_PAGES_VARY); a render
 * cache keys on `wantsLightPages(request)`, the whole answer for a visitor.
 */

/** The request header that asks for light pages, to name in `Vary`. */
export const LIGHT_PAGES_VARY = "Save-Data";

/** Whether this request's page goes without scripts: the browser asks, or the signed-in member chose it. */
export function wantsLightPages(request: Request, member?: { lightPages: boolean } | null): boolean {
  return savesData(request) || member?.lightPages === true;
}

// The hint's only token is "on", parameters may follow it (https://wicg.github.io/savedata/).
function savesData(request: Request): boolean {
  return request.headers.get("Save-Data")?.split(";")[0].trim().toLowerCase() === "on";
}
