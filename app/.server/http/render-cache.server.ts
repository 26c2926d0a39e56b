import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip as gzipCallback, gunzipSync } from "node:zlib";
import type { Language } from "~/i18n/config";

const gzip = promisify(gzipCallback);

/**
 * The render cache: a page is rendered once, then served from memory (gzipped) to the
 * requests that would get the same bytes. Two kinds of pages are kept, each marked by its route
 * (read by entry.server.tsx, which marks the answer with CACHEABLE_PAGE_HEADER):
 *
 *   - **shared pages** (`handle.sharedPage`: the landing, sign-in and registration pages), the same
 *     for every visitor without a session: kept per build, path and language (`sharedPageKey`). Only
 *     a GET with no query string, no Authorization header and no cookie but the language's is
 *     looked up or kept (a session, a registration draft, a `redirect_after` make a page someone's own);
 *   - **member pages** (`handle.memberPage`: the signed-in pages, a coach's private agenda link),
 *     one member's (or coach's) own: kept per build, language, path and query (a private link's
 *     token among them), the request's whole Cookie and Authorization headers (a session's token
 *     among them) and the minute (`memberPageKey`), each under the versions of what it reads: its
 *     member's own and the shared subjects its routes name (the mark's words after "member",
 *     `stampOf`). The versions (auth/page-version.server.ts, db/page-versions.server.ts) are
 *     read before the page's data, and with a session token they are null unless the session is
 *     live now. So a page is served again only while no write was committed to what it reads
 *     since it was rendered (by this worker or another: the member's rows, a subject it shows),
 *     within the minute it was rendered in (pages show times to the minute), and never to a
 *     session that has ended. Another member's write leaves it be.
 *
 * Either way only an answer 200 with no Set-Cookie and no `Cache-Control: no-store` is kept. A
 * page the cache may keep carries no nonce: its Content-Security-Policy allows its inline scripts
 * and stylesheet by their hashes (`inlineHashes`), so the bytes kept are the bytes that may be sent
 * again. A cache holds at most `maxBytes` of gzipped pages; the least recently served goes first.
 */
export const CACHEABLE_PAGE_HEADER = "x-cap-cacheable-page";
export type PageKind = "shared" | "member";

const MAX_PATH_LENGTH = 200;
const MAX_TARGET_LENGTH = 1000;
/** A member page's Cookie and Authorization headers beyond this (a browser sends ~200 bytes) are not kept. */
const MAX_CREDENTIALS_LENGTH = 2000;

export type CachedPage = {
  status: number;
  headers: [string, string][];
  gzip: Buffer;
  /** A member page's: the subjects it reads, and their versions when it was rendered (`stampOf`). */
  reads?: readonly string[];
  stamp?: string;
};

/** The versions of what a page may read, by subject (db/page-versions.server.ts's PageVersions). */
export type Versions = Readonly<Record<string, string>>;

/** What every member page reads: its member's own rows, and "everything" (a table emptied at once). */
const ALWAYS_READ = ["member", "everything"];

/**
 * The versions of the subjects a page reads, in one string: a subject named by its family
 * (`bookings`) stands for each of its rows (`bookings:<coach id>`), a coach added since among them.
 */
export function stampOf(versions: Versions, reads: readonly string[]): string {
  const families = new Set([...ALWAYS_READ, ...reads]);
  return Object.entries(versions)
    .filter(([subject]) => families.has(subject.split(":", 1)[0]))
    .map(([subject, version]) => `${subject}=${version}`)
    .sort()
    .join(" ");
}

export type PageSetting = { version: string; language: Language; light: boolean };

/** The cache key of a request that may be served a shared page, or null when it is someone's own. */
export function sharedPageKey(request: Request, { version, language, light }: PageSetting): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.search !== "" || url.pathname.length > MAX_PATH_LENGTH) return null;
  if (request.headers.has("authorization")) return null;
  const cookie = request.headers.get("cookie");
  if (cookie && !onlyLanguageCookie(cookie)) return null;
  return `shared\n${version}\n${language}\n${lightness(light)}\n${url.pathname}`;
}

/**
 * The cache key of a signed-in member's page, given the versions for their session (null: no live
 * session, or not our database's to tell), or null when the request may not be kept. The page is
 * found under it only while the versions of what it reads stay (`RenderCache.get`).
 */
export function memberPageKey(
  request: Request,
  { version, language, light, versions, now }: PageSetting & { versions: Versions | null; now: number },
): string | null {
  if (versions === null || request.method !== "GET") return null;
  const url = new URL(request.url);
  const target = url.pathname + url.search;
  if (target.length > MAX_TARGET_LENGTH || isDataRequest(url)) return null;
  // Who asks: the cookies (the session's token among them), or the token as a bearer header.
  const credentials = `${request.headers.get("authorization") ?? ""}\n${request.headers.get("cookie") ?? ""}`;
  if (credentials.length > MAX_CREDENTIALS_LENGTH) return null;
  const minute = Math.floor(now / 60_000);
  return `member\n${version}\n${language}\n${lightness(light)}\n${minute}\n${credentials}\n${target}`;
}

/** A client navigation's or fetcher's data (single fetch: `/path.data`; `?_data=` before it), never a page. */
export function isDataRequest(url: URL): boolean {
  return url.pathname.endsWith(".data") || url.searchParams.has("_data");
}

const lightness = (light: boolean) => (light ? "light" : "full");

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

/** The page as rendered, for a client that takes no gzip (rare: every browser does). */
export function rawBody(page: CachedPage): Buffer {
  return gunzipSync(page.gzip);
}

export class RenderCache {
  readonly #pages = new Map<string, CachedPage>();
  readonly #maxBytes: number;
  readonly #level: number;
  #bytes = 0;

  /** `level`: gzip's, 9 for pages kept for long, lower for pages that change with every write. */
  constructor({ maxBytes, level }: { maxBytes: number; level: number }) {
    this.#maxBytes = maxBytes;
    this.#level = level;
  }

  /** The page kept under `key`; a member page only while `versions` are those it was rendered under. */
  get(key: string, versions?: Versions): CachedPage | undefined {
    const page = this.#pages.get(key);
    if (page?.reads && (!versions || stampOf(versions, page.reads) !== page.stamp)) {
      // Something it reads was written since: it is never served again.
      this.#forget(key, page);
      return undefined;
    }
    if (page) {
      // Most recently served last: the first in the map is the first to go.
      this.#pages.delete(key);
      this.#pages.set(key, page);
    }
    return page;
  }

  /**
   * A marked answer, kept under `key` when it may be: the page to send (gzipped once, here). A
   * member page is kept under `versions`, those of the subjects its mark names.
   * Anything else is given back as it was, without the mark (its body left unread).
   */
  async keep(key: string | null, response: Response, versions?: Versions): Promise<CachedPage | Response> {
    const reads = pageReads(response);
    const answer = withoutMark(response);
    const { headers } = answer;
    if (key === null || answer.status !== 200 || headers.has("set-cookie") || noStore(headers)) return answer;
    const raw = Buffer.from(await answer.arrayBuffer());
    const page: CachedPage = {
      status: answer.status,
      headers: [...headers],
      gzip: await gzip(raw, { level: this.#level }),
      ...(versions && reads ? { reads, stamp: stampOf(versions, reads) } : {}),
    };
    this.#remember(key, page);
    return page;
  }

  #remember(key: string, page: CachedPage) {
    if (page.gzip.length > this.#maxBytes) return;
    const replaced = this.#pages.get(key);
    if (replaced) this.#forget(key, replaced);
    while (this.#bytes + page.gzip.length > this.#maxBytes) {
      const [oldestKey, oldest] = this.#pages.entries().next().value as [string, CachedPage];
      this.#pages.delete(oldestKey);
      this.#bytes -= oldest.gzip.length;
    }
    this.#pages.set(key, page);
    this.#bytes += page.gzip.length;
  }

  #forget(key: string, page: CachedPage) {
    this.#pages.delete(key);
    this.#bytes -= page.gzip.length;
  }
}

/** Whether the answer says it must not be stored anywhere (a copy of a member's data). */
function noStore(headers: Headers): boolean {
  return /(^|,)\s*no-store\s*(,|$)/i.test(headers.get("cache-control") ?? "");
}

/** The answer without the mark its route gave it (as it is, when it has none). */
export function withoutMark(response: Response): Response {
  if (!response.headers.has(CACHEABLE_PAGE_HEADER)) return response;
  const headers = new Headers(response.headers);
  headers.delete(CACHEABLE_PAGE_HEADER);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Which cache an answer may go to: the kind its route marked it with (the mark's first word), or none. */
export function cacheablePageKind(response: Response): PageKind | null {
  const kind = response.headers.get(CACHEABLE_PAGE_HEADER)?.split(" ", 1)[0];
  return kind === "shared" || kind === "member" ? kind : null;
}

/** A member page's mark: "member" then the shared subjects its routes read (entry.server.tsx). */
export function memberPageMark(reads: readonly string[]): string {
  return ["member", ...reads].join(" ");
}

/** The shared subjects a member page's mark names, or null for any other answer. */
function pageReads(response: Response): string[] | null {
  const [kind, ...reads] = (response.headers.get(CACHEABLE_PAGE_HEADER) ?? "").split(" ");
  return kind === "member" ? reads : null;
}
