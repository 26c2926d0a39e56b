/**
 * The version check on start-up (SPEC §4): when the front end's version differs from the one this
 * browser stored, scripts' cookies and Cache Storage are cleared; when a previous version had been
 * stored, local storage too, and the member goes through /clear_cache.html, which brings them back
 * to `redirect_to`. Skipped with an invitation in the URL, so the invitation is not lost.
 */
const VERSION_KEY = "last_front_version";
const REDIRECT_KEY = "redirect_to";
/** Written by /clear_cache.html when it sends the member back (SPEC §9 reload window). */
const RETURNED_AT_KEY = "front_version_returned_at";
export const RELOAD_WINDOW_MS = 1000;

export type VersionStep = "none" | "clear" | "clear-and-reload";

/** What to do, from what the browser holds and the version the server answered. */
export function versionStep(state: {
  current: string;
  stored: string | null;
  invited: boolean;
  returnedAt: number | null;
  now: number;
}): VersionStep {
  if (state.invited || state.stored === state.current) return "none";
  if (state.stored === null) return "clear";
  // Just back from /clear_cache.html and told another version (e.g. two builds behind one
  // address during a deploy): do not go round again.
  if (state.returnedAt !== null && state.now - state.returnedAt < RELOAD_WINDOW_MS) return "clear";
  return "clear-and-reload";
}

export async function checkFrontVersion(): Promise<void> {
  const response = await fetch("/api/debug/data_page/front-version", { cache: "no-store" });
  if (!response.ok) return;
  const current = String(await response.json());
  const step = versionStep({
    current,
    stored: localStorage.getItem(VERSION_KEY),
    invited: new URLSearchParams(location.search).has("invited_id"),
    returnedAt: Number(sessionStorage.getItem(RETURNED_AT_KEY)) || null,
    now: Date.now(),
  });
  if (step === "none") return;
  clearScriptCookies();
  if ("caches" in window) await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
  if (step === "clear-and-reload") {
    localStorage.clear();
    localStorage.setItem(REDIRECT_KEY, location.pathname + location.search + location.hash);
  }
  localStorage.setItem(VERSION_KEY, current);
  if (step === "clear-and-reload") location.replace("/clear_cache.html");
}

/** Expires every cookie this page's scripts can see (httpOnly ones, like the session, stay). */
function clearScriptCookies() {
  for (const pair of document.cookie.split(";")) {
    const name = pair.split("=")[0].trim();
    // biome-ignore lint/suspicious/noDocumentCookie: clearing every cookie is what SPEC §4 asks here
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}
