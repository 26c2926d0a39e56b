import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { pino, type DestinationStream, type Logger } from "pino";

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
      redact: {
        paths: ["*.headers.cookie", "*.headers.authorization", "*.password", "*.token", "*.cookie", "password", "token", "cookie"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

export const logger = createLogger();

/**
 * The path as the log may keep it: no query (it may carry codes), and a survey's private link
 * (its token is the only key to the survey) masked.
 */
export function loggablePath(url: string): string {
  return url.split("?")[0].replace(/^\/survey\/[^/]+/, "/survey/[token]");
}

/** One line per request, when its answer is sent: id, method, path, status, time. */
export function requestLog(log: Logger) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      log.info(
        { requestId: res.locals.requestId, method: req.method, path: loggablePath(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  };
}
