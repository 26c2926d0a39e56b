import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nProvider } from "~/i18n/react";
import { localeOf } from "~/.server/i18n/i18n.server";
import { pageResources } from "~/.server/i18n/page-strings.server";
import { NonceProvider } from "~/components/nonce";
import { RETRY_AFTER_SECONDS } from "~/.server/http/outage.server";

export { lifecycle } from "~/.server/runtime/lifecycle.server";
export { handleError } from "~/.server/observability/error-reporting.server";

const ABORT_DELAY = 5_000;

/** Renders the whole document before answering: pages are small and never deferred. */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const language = await localeOf(request);
  const i18nValue = { language, resources: pageResources[language], fallback: pageResources.en };
  const nonce = loadContext.nonce ?? "";

  return new Promise((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nProvider value={i18nValue}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The database is away (app/.server/http/outage.server.ts): say when to come back.
          if (responseStatusCode === 503) responseHeaders.set("Retry-After", RETRY_AFTER_SECONDS);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: failed ? 500 : responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
