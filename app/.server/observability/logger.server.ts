import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { pino, type DestinationStream, type Logger } from "pino";
import { withoutQueryParameters } from "~/observability/reporting-options";

/**
 * Structured logs: one JSON object a line on stdout. Secrets that could ride along in a logged
 * object (headers, passwords, tokens) are redacted; request lines carry no query string or body.
 */
export function createLogger(destination?: DestinationStream): Logger {
  return pino(
    {
      level: process.env.NODE_ENV === "test" && !destination ? "silent" : "info",
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      // A failed query's error names its parameters (emails, names, comments): never logged.
      serializers: { err: loggableError },
      redact: {
        paths: [
          "*.headers.cookie",
          "*.headers.authorization",
          "*.password",
          "*.token",
          "*.cookie",
          "password",
          "token",
          "cookie",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

export const logger = createLogger();

/**
 * The path as the log may keep it: no query (it may carry codes), and the private links whose
 * path is the key (a survey's, a coach's session, a recovery page's code id) masked.
 */
export function loggablePath(url: string): string {
  return url
    .split("?")[0]
    .replace(/^\/survey\/[^/]+/, "/survey/[token]")
    .replace(/^\/coach\/session\/[^/]+/, "/coach/session/[token]")
    .replace(/^\/coach\/agenda\/[^/?]+/, "/coach/agenda/[token]")
    .replace(/^\/home\/new-password-[^/]+/, "/home/new-password-[code_id]");
}

/** A failed query's message and stack keep its SQL and lose its values. */
function withoutParams(text: unknown) {
  return typeof text === "string" ? withoutQueryParameters(text) : text;
}

export function loggableError(error: unknown) {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  return { type: error.name, message: withoutParams(error.message), stack: withoutParams(error.stack), code };
}

/** One line per request, when its answer is sent: id, method, path, status, time. */
export function requestLog(log: Logger) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      log.info(
        {
          requestId: res.locals.requestId,
          method: req.method,
          path: loggablePath(req.originalUrl),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        "request",
      );
    });
    next();
  };
}
