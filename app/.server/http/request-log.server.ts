import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import type { Logger } from "pino";

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
    .replace(/^\/home\/new-password-[^/]+/, "/home/new-password-[code_id]")
    .replace(/^\/setup\/first-admin\/[^/]+/, "/setup/first-admin/[token]");
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
