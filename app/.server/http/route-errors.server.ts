import type { HandleErrorFunction, ServerBuild } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import * as Sentry from "@sentry/remix";
import { isReporting } from "~/.server/observability/error-reporting.server";
import { logger } from "~/.server/observability/logger.server";
import { wrapHandlers, type RouteHandler } from "./route-handlers.server";

/** The build with every loader and action reporting what it throws, tagged with its route. */
export function instrumentBuild(build: ServerBuild): ServerBuild {
  return wrapHandlers(build, (handler, route) => reported(handler, route.id, route.kind));
}

function reported(fn: RouteHandler, route: string, kind: string): RouteHandler {
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      // Reporting is started (or not) by server.ts after the build is loaded: asked at each error.
      if (isReporting() && isFailure(error, args.request)) report(error, args.request, { route, kind });
      throw error;
    }
  };
}

function report(error: unknown, request: Request, tags: Record<string, string>) {
  Sentry.withScope((scope) => {
    scope.setTags(tags);
    // URL, method and headers; the scrubber (reporting-options.ts) takes out what is secret.
    scope.setSDKProcessingMetadata({
      normalizedRequest: { url: request.url, method: request.method, headers: Object.fromEntries(request.headers) },
    });
    Sentry.captureException(error);
  });
}

/** A thrown Response or data() is an answer (redirect, 404), and an aborted request no failure. */
function isFailure(error: unknown, request: Request): boolean {
  if (request.signal.aborted || error instanceof Response) return false;
  return !(typeof error === "object" && error !== null && (error as { type?: string }).type === "DataWithResponseInit");
}

/**
 * Remix's handleError: everything else the server fails at (rendering, for one) is logged and
 * reported; an error a loader or action already reported is sent once (Sentry marks it). What
 * Remix itself refuses (a POST to a page without an action: 405) is the client's doing: a
 * warning in the log, no report.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isOldDataRequest(error, request)) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.warn({ requestId: context.requestId, status: error.status, method: request.method }, "request refused");
    return;
  }
  logger.error({ requestId: context.requestId, err: error }, "request failed");
  if (isReporting()) Sentry.captureException(error);
};

/**
 * With single fetch, Remix answers an old `?_data=` request (a stale client, a probe) itself and
 * hands us its own warning as an error: the request line says all there is to say.
 */
function isOldDataRequest(error: unknown, request: Request): boolean {
  return (
    new URL(request.url).searchParams.has("_data") &&
    error instanceof Error &&
    error.message.startsWith("Warning: Single fetch-enabled apps should not be making ?_data requests")
  );
}
