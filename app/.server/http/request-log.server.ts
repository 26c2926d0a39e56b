import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import type { Logger } from "pino";
import { maskKeyPaths } from "~/observability/key-paths";

/** The path as the log may keep it: no query (it may carry codes), and no key path (key-paths.ts). */
export function loggablePath(url: string): string {
  return maskKeyPaths(url.split("?")[0]);
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
