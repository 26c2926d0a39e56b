import * as Sentry from "@sentry/remix";
import type { ErrorRequestHandler } from "express";
import { isReporting } from "~/.server/observability/error-reporting.server";
import { logger } from "~/.server/observability/logger.server";
import { type Outages, RETRY_AFTER_SECONDS } from "./outage.server";
import { loggablePath } from "./request-log.server";
import { shortAnswer } from "./short-answer.server";

/**
 * Last of server.ts's middleware: a failure outside any loader or action (the upload door asking
 * who sends a photo, the render cache reading a member's versions) is answered as a route's would
 * be — 503 with Retry-After while a service is away, else a translated 500 — and told only
 * through the logger, which keeps a failed query's parameters and key paths out. Express's own
 * handler would answer its bare 500 and print the stack, SQL and values included, on stderr.
 */
export function answerDoorErrors(outages: Outages): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const path = loggablePath(req.originalUrl);
    const away = Object.keys(outages).find((service) => outages[service](error));
    if (away) logger.warn({ path }, `${away} unavailable: answered 503`);
    else {
      logger.error({ err: error, path, requestId: res.locals.requestId }, "request failed");
      if (isReporting()) Sentry.captureException(error);
    }
    // An answer already begun cannot be replaced: the client sees the connection end.
    if (res.headersSent) return void res.destroy();
    const answer = away
      ? ({ status: 503, key: "unavailable", retryAfter: RETRY_AFTER_SECONDS } as const)
      : ({ status: 500, key: "internal" } as const);
    shortAnswer(req, res, answer).catch(() => res.destroy());
  };
}
