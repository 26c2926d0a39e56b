import type { HandleErrorFunction, ServerBuild } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import * as Sentry from "@sentry/remix";
import { reportingOptions, type ReportingConfig } from "~/observability/reporting-options";
import { wrapHandlers, type RouteHandler } from "~/.server/http/route-handlers.server";
import { logger } from "./logger.server";

/**
 * Server-side error reporting (SPEC §9) with @sentry/remix: on only when SENTRY_DSN is set. Each
 * request runs in its own scope tagged with its request id (and, once the guard knows it, the
 * member id); loader and action errors are reported with their route.
 */
type ReportingEnv = { SENTRY_DSN?: string; SENTRY_ENVIRONMENT?: string; APP_URL: string };

export function startErrorReporting(config: ReportingEnv): boolean {
  const browser = browserReporting(config);
  if (!browser) return false;
  Sentry.init(reportingOptions(browser, config.APP_URL));
  return true;
}

/** What the browser needs to report errors (written into the page), or null when it is off. */
export function browserReporting(config: Omit<ReportingEnv, "APP_URL">): ReportingConfig | null {
  return config.SENTRY_DSN ? { dsn: config.SENTRY_DSN, environment: config.SENTRY_ENVIRONMENT } : null;
}

/** The DSN's origin, which the browser must be allowed to send to (CSP connect-src). */
export function reportingOrigin(config: Omit<ReportingEnv, "APP_URL">): string | undefined {
  return config.SENTRY_DSN ? new URL(config.SENTRY_DSN).origin : undefined;
}

const reporting = () => Sentry.getClient() !== undefined;

/** Runs one request's handling in a scope of its own, tagged with its id. */
export function withRequestScope(requestId: string, handle: () => void): void {
  if (!reporting()) {
    handle();
    return;
  }
  Sentry.withIsolationScope((scope) => {
    scope.setTag("request_id", requestId);
    handle();
  });
}

/** Attaches the member to the reports of the current request: their id, nothing else. */
export function identifyMember(memberId: string): void {
  if (reporting()) Sentry.getIsolationScope().setUser({ id: memberId });
}

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
      if (reporting() && isFailure(error, args.request)) report(error, args.request, { route, kind });
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
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.warn({ requestId: context.requestId, status: error.status, method: request.method }, "request refused");
    return;
  }
  logger.error({ requestId: context.requestId, err: error }, "request failed");
  if (reporting()) Sentry.captureException(error);
};
