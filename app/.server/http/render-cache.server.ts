import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Language } from "~/i18n/config";

/**
 * The render cache (issue 27): a page that is the same for every visitor without a session — the
 * landing, sign-in and registration pages — is rendered once per build, path and language, then
 * served from memory (raw and gzipped) to the next ones.
 *
 * What keeps one visitor's page from another:
 *   - only a GET with no query string, no Authorization header and no cookie but the language's
 *     is looked up or kept (a session, a registration draft, a `redirect_after` all make a page
 *     someone's own): `sharedPageKey`;
 *   - only a page whose route says so (`handle.sharedPage`, read by entry.server.tsx, which marks
 *     its answer with SHARED_PAGE_HEADER), answered 200 with no Set-Cookie, is kept;
 *   - such a page carries no nonce: its Content-Security-Policy allows its inline scripts and
 *     stylesheet by their hashes (`inlineHashes`), so the bytes kept are the bytes every visitor
 *     may be sent.
 * The key holds the build's version and the language: a new build or another language is another
 * page. Entries are bounded (MAX_ENTRIES; the oldest goes first), though the key's parts already are.
 */
export const SHARED_PAGE_HEADER = "x-cap-shared-page";

const MAX_ENTRIES = 200;
const MAX_PATH_LENGTH = 200;

export type CachedPage = {
  status: number;
  headers: [string, string][];
  raw: Buffer;
  gzip: Buffer;
};

/** The cache key of a request that may be served a shared page, or null when it is someone's own. */
export function sharedPageKey(
  request: Request,
  { version, language, light }: { version: string; language: Language; light: boolean },
): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.search !== "" || url.pathname.length > MAX_PATH_LENGTH) return null;
  if (request.headers.has("authorization")) return null;
  const cookie = request.headers.get("cookie");
  if (cookie && !onlyLanguageCookie(cookie)) return null;
  return `${version}\n${language}\n${light ? "light" : "full"}\n${url.pathname}`;
}

function onlyLanguageCookie(header: string): boolean {
  return header.split(";").every((pair) => {
    const name = pair.split("=", 1)[0].trim();
    return name === "" || name === "lng";
  });
}

/** The hashes (base64 sha256) of a page's inline scripts and stylesheets, for its Content-Security-Policy. */
export function inlineHashes(html: string): { scriptHashes: string[]; styleHashes: string[] } {
  const hashesOf = (pattern: RegExp) => [
    ...new Set([...html.matchAll(pattern)].map(([, text]) => createHash("sha256").update(text).digest("base64"))),
  ];
  return {
    // Scripts with a src are allowed by 'self'; the others by the hash of their text.
    scriptHashes: hashesOf(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g),
    styleHashes: hashesOf(/<style\b[^>]*>([\s\S]*?)<\/style>/g),
  };
}

export class RenderCache {
  readonly #pages = new Map<string, CachedPage>();

  get(key: string): CachedPage | undefined {
    return this.#pages.get(key);
  }

  /**
   * Keeps a marked answer (SHARED_PAGE_HEADER) when it may be shared, and gives back what to send:
   * the same answer without the mark. Its body is read here, once.
   */
  async keep(key: string | null, response: Response): Promise<Response> {
    if (!response.headers.has(SHARED_PAGE_HEADER)) return response;
    const headers = new Headers(response.headers);
    headers.delete(SHARED_PAGE_HEADER);
    const raw = Buffer.from(await response.arrayBuffer());
    const answer = new Response(raw, { status: response.status, statusText: response.statusText, headers });
    if (key === null || response.status !== 200 || headers.has("set-cookie")) return answer;
    if (this.#pages.size >= MAX_ENTRIES) this.#pages.delete(this.#pages.keys().next().value as string);
    this.#pages.set(key, { status: response.status, headers: [...headers], raw, gzip: gzipSync(raw, { level: 9 }) });
    return answer;
  }
}
