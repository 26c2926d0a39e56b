import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nProvider } from "~/i18n/react";
import { localeOf } from "~/.server/i18n/i18n.server";
import { pageResources } from "~/.server/i18n/page-strings.server";
import { NonceProvider } from "~/components/document/nonce";
import { StylesheetProvider } from "~/components/document/stylesheet";
import { stylesheetText } from "~/.server/http/stylesheet.server";
import { RETRY_AFTER_SECONDS } from "~/.server/http/outage.server";
import { securityHeaders, withSecurityHeaders, type InlineSources } from "~/.server/http/security-headers.server";
import { CACHEABLE_PAGE_HEADER, inlineHashes, memberPageMark } from "~/.server/http/render-cache.server";
import type { CacheableHandle } from "~/components/document/cacheable-page";
import { env } from "~/.server/config/env.server";
import { logger } from "~/.server/observability/logger.server";
import { LIGHT_PAGES_VARY } from "~/.server/http/light-pages.server";
import { scriptsAfterPaint } from "~/.server/http/scripts-after-paint.server";

export { handleError } from "~/.server/http/route-errors.server";

const ABORT_DELAY = 5_000;

/**
 * Renders the whole document before answering: pages are small and never deferred. Its scripts
 * carry a nonce of this response, which its Content-Security-Policy names.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const language = await localeOf(request);
  const i18nValue = { language, resources: pageResources[language], fallback: pageResources.en };
  // A page the render cache may keep (the same for every visitor, or a signed-in member's) is
  // rendered without a nonce and allowed its inline scripts by their hashes
  // (render-cache.server.ts); any other gets a nonce.
  const cacheable = responseStatusCode === 200 ? cacheMarkOf(remixContext) : null;
  const nonce = cacheable ? undefined : randomBytes(16).toString("base64");
  const setSecurityHeaders = (inline: InlineSources) => {
    for (const [name, value] of Object.entries(securityHeaders(env(), inline))) responseHeaders.set(name, value);
  };
  if (nonce) setSecurityHeaders(nonce);
  // A page comes with or without its scripts by the browser's Save-Data (light pages).
  responseHeaders.append("Vary", LIGHT_PAGES_VARY);

  return new Promise((resolve, reject) => {
    let failed = false;
    // Cleared once the page is written: a pending timer would keep this render, and through it the
    // whole answer, alive for ABORT_DELAY (at 300 pages a second, 1,500 pages of ~100 KB held).
    let abortTimer: NodeJS.Timeout | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <StylesheetProvider value={stylesheetText}>
          <I18nProvider value={i18nValue}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </I18nProvider>
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The database is away (app/.server/http/outage.server.ts): say when to come back.
          if (responseStatusCode === 503) responseHeaders.set("Retry-After", RETRY_AFTER_SECONDS);
          // The whole document is ready: it leaves as one buffer, compressed and written in one go
          // (streamed, its hundreds of small chunks cost more than rendering them).
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              // The page's scripts start once it is painted (scripts-after-paint.server.ts).
              const html = scriptsAfterPaint(Buffer.concat(chunks).toString());
              if (cacheable) {
                setSecurityHeaders(inlineHashes(html));
                responseHeaders.set(CACHEABLE_PAGE_HEADER, cacheable);
              }
              // One member's page: no cache in front of the server may keep it for another (a
              // route may have said more, such as no-store).
              if (cacheable?.startsWith("member") && !responseHeaders.has("Cache-Control")) {
                responseHeaders.set("Cache-Control", "private, no-cache");
              }
              clearTimeout(abortTimer);
              resolve(
                new Response(html, {
                  headers: responseHeaders,
                  status: failed ? 500 : responseStatusCode,
                }),
              );
              done();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          logger.error({ err: error }, "page rendering failed");
        },
      },
    );
    abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * Which render cache the page may go to, by its routes' handles (components/document/cacheable-page.ts),
 * as the mark the cache reads: "shared" by `sharedPage` on its leaf (the same for every visitor
 * without a session); "member" and the subjects its routes read, by `memberPage` on one of its
 * routes (the signed-in layout) and none saying `memberPage: false` (a page showing other members' rows).
 */
function cacheMarkOf({ staticHandlerContext, routeModules }: EntryContext): string | null {
  const handles = staticHandlerContext.matches.map(
    (match) => routeModules[match.route.id]?.handle as Partial<CacheableHandle> | undefined,
  );
  if (handles.at(-1)?.sharedPage === true) return "shared";
  if (!handles.some((handle) => handle?.memberPage === true)) return null;
  if (handles.some((handle) => handle?.memberPage === false)) return null;
  return memberPageMark([...new Set(handles.flatMap((handle) => handle?.reads ?? []))]);
}

/**
 * Data requests (client navigations, fetchers) carry the same security headers as pages; the root's
 * data says whether pages are light, by the browser's Save-Data.
 */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  const answer = withSecurityHeaders(response);
  answer.headers.append("Vary", LIGHT_PAGES_VARY);
  return answer;
};
