import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction, RequestHandler } from "express";
import {
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import { serverTimingHeader, serverTimingOn, withQueryTally } from "~/.server/observability/query-timing.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { doorRefusal } from "./door-refusal.server";
import {
  cacheablePageKind,
  isDataRequest,
  memberPageKey,
  rawBody,
  RenderCache,
  sharedPageKey,
  withoutMark,
  type CachedPage,
  type PageKind,
  type PageSetting,
  type Versions,
} from "./render-cache.server";
import { wantsLightPages } from "./light-pages.server";
import { renderCacheLookups } from "~/.server/observability/metrics.server";
import {
  acceptsAnyOrigin,
  bodyLimitFor,
  isGatedUpload,
  screenBody,
  screenHead,
  type Refusal,
} from "./request-screen.server";

/**
 * Express → Remix (server.ts), with the bounds a caller must not be able to cross
 * (request-screen.server.ts): a body is read, up to its target's limit, before any route sees it
 * (413 beyond, however it is sent: with a Content-Length or chunked). The URL routes see is
 * APP_URL's origin and the request's path: a forged Host or X-Forwarded-Host never reaches a link
 * or a check. The build screens again what it can see (route-screen.server.ts), for remix-serve.
 */
type Options = {
  build: ServerBuild;
  mode: string;
  origin: string;
  getLoadContext(req: ExpressRequest, res: ExpressResponse): AppLoadContext;
  /**
   * Who sends a photo, asked from the head alone before its body is read (auth/upload-gate.server.ts,
   * given by server.ts: this floor knows no domain).
   */
  admitUpload(request: Request): Promise<Admission>;
  /**
   * The versions of what the request's pages may read, null for a session token that opens
   * nothing (auth/page-version.server.ts, given by server.ts): the member pages' render cache
   * keeps a page under those of the subjects it reads.
   */
  pageVersions(request: Request): Promise<Versions | null>;
  /** How many bytes of member pages (gzipped) a worker keeps; 0: none (MEMBER_PAGE_CACHE_MB). */
  memberPageCacheBytes: number;
};

/** What admitUpload answers: the route's guard answers (no body read), a refusal, or a place to read and decode. */
export type Admission =
  | { kind: "guard" }
  | { kind: "refused"; response: Response }
  | { kind: "admitted"; release: () => void };

/** Marks a load context whose upload this door admitted: the build does not ask again (served-build.server.ts). */
const UPLOAD_ADMITTED = Symbol.for("cap.upload-admitted");

/** First of all middleware: a request that fails screenHead goes no further, not even to static files. */
export function screenRequests() {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const refusal = screenHead({ method: req.method, target: req.originalUrl, headers: headersOf(req) });
    if (refusal) refuse(req, res, refusal).catch(next);
    else next();
  };
}

/**
 * Two middlewares. `keptSharedPages` answers a shared page kept in memory (no database, no
 * rendering: as cheap as a static file), and server.ts mounts it before the bounded queue, so that
 * a busy worker still gives visitors its public pages at once; `pages` answers everything else.
 */
export function createRequestHandler(options: Options): {
  keptSharedPages: RequestHandler;
  pages: RequestHandler;
} {
  const { build, mode, origin, getLoadContext, admitUpload } = options;
  const handle = createRemixHandler(build, mode);
  // SERVER_TIMING: the answer says how many database statements it took (query-timing.server.ts).
  const timing = serverTimingOn();
  // Rendered pages served again (render-cache.server.ts), in production only: in development a
  // page changes with its file.
  const caches =
    mode === "production"
      ? {
          shared: new RenderCache({ maxBytes: SHARED_PAGES_BYTES, level: 9 }),
          member:
            options.memberPageCacheBytes > 0
              ? new RenderCache({ maxBytes: options.memberPageCacheBytes, level: 6 })
              : null,
        }
      : null;
  /** A GET's look-up, made once by keptSharedPages and read again by pages. */
  const lookUps = new WeakMap<ExpressRequest, PageLookUp>();
  const lookUp = async (req: ExpressRequest): Promise<PageLookUp> => {
    let known = lookUps.get(req);
    if (!known) {
      const headers = requestHeaders(req);
      const probe = new Request(new URL(req.originalUrl, origin), { headers });
      const setting = { version: build.assets.version, language: await localeOf(probe), light: wantsLightPages(probe) };
      known = { headers, probe, setting, sharedKey: sharedPageKey(probe, setting) };
      lookUps.set(req, known);
    }
    return known;
  };

  const keptSharedPages: RequestHandler = async (req, res, next) => {
    if (!caches || req.method !== "GET") return next();
    try {
      const { sharedKey } = await lookUp(req);
      const shared = sharedKey === null ? undefined : caches.shared.get(sharedKey);
      if (sharedKey !== null) renderCacheLookups.inc({ kind: "shared", result: shared ? "hit" : "miss" });
      if (shared) return sendPage(req, res, shared, timing ? HIT_TIMING.shared : undefined);
      next();
    } catch (error) {
      next(error);
    }
  };

  const pages: RequestHandler = async (req, res, next) => {
    let release: (() => void) | undefined;
    try {
      let headers = lookUps.get(req)?.headers ?? requestHeaders(req);
      const keys: Record<PageKind, string | null> = { shared: null, member: null };
      let versions: Versions | undefined;
      if (caches && req.method === "GET") {
        const { probe, setting, sharedKey } = await lookUp(req);
        keys.shared = sharedKey;
        // Kept since keptSharedPages looked, while this request waited in the queue.
        const shared = keys.shared === null ? undefined : caches.shared.get(keys.shared);
        if (shared) return sendPage(req, res, shared, timing ? HIT_TIMING.shared : undefined);
        // A request with only the language's cookie may be a shared page's or a coach's private link's.
        if (caches.member && mayBeMemberPage(probe)) {
          // Read before the page's data: a page is never kept under a version newer than its data.
          // A database away answers null here, and 503 from the route.
          const read = await options.pageVersions(probe).catch(() => null);
          versions = read ?? undefined;
          keys.member = memberPageKey(probe, { ...setting, versions: read, now: Date.now() });
          const member = keys.member === null ? undefined : caches.member.get(keys.member, versions);
          if (keys.member !== null) renderCacheLookups.inc({ kind: "member", result: member ? "hit" : "miss" });
          if (member) return sendPage(req, res, member, timing ? HIT_TIMING.member : undefined);
        }
      }
      let body: Uint8Array<ArrayBuffer> | undefined;
      let admitted = false;
      // A large photo upload: who sends it is asked before a byte of it is read.
      if (isGatedUpload({ method: req.method, target: req.originalUrl, headers })) {
        const admission = await admitUpload(new Request(new URL(req.originalUrl, origin), { method: "POST", headers }));
        if (admission.kind === "refused") {
          closeAfterAnswer(req, res);
          return await send(res, admission.response);
        }
        if (admission.kind === "guard") {
          // The route's guard answers (redirect, 401, 404) to the head with an empty body; what
          // the client still sends is never read.
          closeAfterAnswer(req, res);
          headers = bodylessHeaders(headers, req.originalUrl);
          body = new Uint8Array(0);
        } else {
          release = admission.release;
          admitted = true;
        }
      }
      if (req.method !== "GET" && req.method !== "HEAD" && !body) {
        const read = await readBody(req, bodyLimitFor(req.originalUrl));
        if (read === "too large") return await refuse(req, res, 413);
        body = Uint8Array.from(read);
        const bodyRefusal = await screenBody(req.method, req.originalUrl, headers, body);
        if (bodyRefusal) return await refuse(req, res, bodyRefusal);
      }
      // Loaders and actions are aborted when the client goes away before the answer is sent.
      let controller: AbortController | null = new AbortController();
      res.on("finish", () => (controller = null));
      res.on("close", () => controller?.abort());
      const request = new Request(new URL(req.originalUrl, origin), {
        method: req.method,
        headers,
        body,
        signal: controller.signal,
      });
      const context = getLoadContext(req, res);
      if (admitted) Object.assign(context, { [UPLOAD_ADMITTED]: true });
      const answer = async (response: Response, serverTiming?: string) => {
        const kind = cacheablePageKind(response);
        const cache = kind && caches?.[kind];
        if (!kind || !cache) return send(res, withoutMark(response), serverTiming);
        const kept = await cache.keep(keys[kind], response, kind === "member" ? versions : undefined);
        if (kept instanceof Response) return send(res, kept, serverTiming);
        sendPage(req, res, kept, serverTiming);
      };
      if (!timing) return await answer(await handle(request, context));
      const { result: response, tally, app } = await withQueryTally(() => handle(request, context));
      await answer(response, serverTimingHeader(tally, app));
    } catch (error) {
      next(error);
    } finally {
      release?.();
    }
  };
  return { keptSharedPages, pages };
}

/** What a GET's page look-up works out from its head: the same for both middlewares. */
interface PageLookUp {
  headers: Headers;
  probe: Request;
  setting: PageSetting;
  sharedKey: string | null;
}

/** The head a route gets with no body: an empty form for a page, nothing for the API. */
function bodylessHeaders(headers: Headers, target: string): Headers {
  const bodyless = new Headers(headers);
  bodyless.set("content-length", "0");
  bodyless.delete("transfer-encoding");
  if (target.startsWith("/api/")) bodyless.delete("content-type");
  else bodyless.set("content-type", "application/x-www-form-urlencoded");
  return bodyless;
}

/** The body, read to its end unless it grows past the limit (then the rest is not read). */
function readBody(req: ExpressRequest, limit: number): Promise<Buffer | "too large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        req.pause();
        resolve("too large");
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

/** The head routes get: a public endpoint's Origin dropped (request-screen.server.ts). */
function requestHeaders(req: ExpressRequest): Headers {
  const headers = headersOf(req);
  if (acceptsAnyOrigin(req.originalUrl)) headers.delete("origin");
  return headers;
}

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** The door's short translated answer (door-refusal.server.ts), in the caller's language. */
async function refuse(req: ExpressRequest, res: ExpressResponse, status: Refusal) {
  const language = req.acceptsLanguages("fr", "en") === "en" ? "en" : "fr";
  const answer = await doorRefusal(status, req.originalUrl, language);
  closeAfterAnswer(req, res);
  await send(res, answer);
}

/** How long a closed connection's socket is kept, unread, so that its client reads the answer. */
const LINGER_MS = 2_000;

/**
 * A body Cap will not read (refused, or answered from its head alone) costs the worker nothing
 * past the head: it is left unread, the answer says `Connection: close`, and the connection is
 * closed once it is written. Node would then drop the socket at once, and dropping a socket with
 * unread bytes resets the connection: a client still sending loses the answer it has not read
 * yet. So our side closes (FIN) and the socket is kept, unread, for LINGER_MS. `read(0)` makes
 * the body ours (Node otherwise reads it to its end after the answer) and reads one buffer at most.
 */
function closeAfterAnswer(req: ExpressRequest, res: ExpressResponse) {
  if (req.complete) return;
  req.pause();
  req.read(0);
  res.setHeader("Connection", "close");
  res.once("finish", () => {
    const socket = req.socket;
    socket.removeListener("finish", socket.destroy);
    const drop = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once("close", () => clearTimeout(drop));
  });
}

/** Shared pages kept per worker: a few dozen pages of ~15 KB gzipped, the key's parts being bounded. */
const SHARED_PAGES_BYTES = 4 * 1024 * 1024;

/** A kept page's Server-Timing: a member page's took one statement (its versions), untimed. */
const HIT_TIMING: Record<PageKind, string> = {
  shared: `${serverTimingHeader({ queries: 0, ms: 0 }, 0)}, render-cache;desc="hit"`,
  member: `${serverTimingHeader({ queries: 1, ms: 0 }, 0)}, render-cache;desc="hit"`,
};

/**
 * Whether a GET may be a member's page, before asking the database: it carries a cookie (a
 * session's, or a coach's language on their private link) or a bearer token, and is neither the
 * API (JSON) nor a client navigation's data (never kept: no route marks it).
 */
function mayBeMemberPage(request: Request): boolean {
  if (!request.headers.has("cookie") && !request.headers.has("authorization")) return false;
  const url = new URL(request.url);
  return !url.pathname.startsWith("/api/") && !isDataRequest(url);
}

/** A kept page: gzipped when the browser takes it, else as rendered; compression() leaves it as is. */
function sendPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, serverTiming?: string) {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.append("Vary", "Accept-Encoding");
  if (serverTiming) res.append("Server-Timing", serverTiming);
  const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  const body = gzip ? page.gzip : rawBody(page);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

async function send(res: ExpressResponse, response: Response, serverTiming?: string) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The answer's headers replace those server.ts set for answers of its own (security-headers.server.ts).
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (serverTiming) res.append("Server-Timing", serverTiming);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
