/**
 * Cap's production entry. The primary process supervises WEB_CONCURRENCY workers (a dead one is
 * replaced); each worker serves what needs Express around the build: compression, static files
 * with their cache headers, one log line per request with its id, the door's transport checks,
 * the client's address, server-side error reports scoped per request, and a graceful stop on
 * SIGTERM/SIGINT that lets requests finish, then stops the lifecycle (the outbox flushed). The
 * rest — security headers and CSP nonce, /healthz, 503 during outages, route rules, the lifecycle
 * itself — lives in the build, which `remix-serve build/index.js` serves as well (docs/operations.md, "Serving").
 */
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getHeapStatistics } from "node:v8";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type { Lifecycle } from "~/.server/runtime/lifecycle.server";
import { answerDoorErrors } from "~/.server/http/door-errors.server";
import type { Outages } from "~/.server/http/outage.server";
import type { admitUpload as AdmitUpload } from "~/.server/auth/upload-gate.server";
import type { pageVersions as PageVersions } from "~/.server/auth/page-version.server";
import { parseEnv, ConfigError, type Env } from "~/.server/config/env.server";
import { createRequestHandler, screenRequests } from "~/.server/http/request-handler.server";
import { boundedQueue } from "~/.server/http/request-queue.server";
import { warnOfUntrustedProxy } from "~/.server/http/proxy-warning.server";
import { securityHeaders } from "~/.server/http/security-headers.server";
import { superviseWorkers } from "~/.server/runtime/supervisor.server";
import { startMetricsPort } from "~/.server/http/metrics-port.server";
import { requestMetrics, routeTemplates } from "~/.server/http/request-metrics.server";
import { startProcessMetrics } from "~/.server/observability/metrics.server";
import { requestLog } from "~/.server/http/request-log.server";
import { logger } from "~/.server/observability/logger.server";
import { startErrorReporting, withRequestScope } from "~/.server/observability/error-reporting.server";

// This file runs the production build; `npm run dev` sets NODE_ENV itself. Without it the
// configuration would default to development and open what production must keep closed.
if (!process.env.NODE_ENV) {
  console.error("NODE_ENV is not set: start the production build with `npm run serve` (or NODE_ENV=production).");
  process.exit(1);
}

let config: ReturnType<typeof parseEnv>;
try {
  config = parseEnv(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
if (cluster.isPrimary) {
  // Error reporting traces requests only when its SDK is loaded before the worker's own imports.
  const instrument = fileURLToPath(new URL("./instrument.server.js", import.meta.url));
  const preload = config.SENTRY_DSN && existsSync(instrument) ? pathToFileURL(instrument).href : undefined;
  superviseWorkers({ count: config.WEB_CONCURRENCY, heapMb: config.WORKER_HEAP_MB, preload }, logger);
  if (config.METRICS_PORT) startMetricsPort({ port: config.METRICS_PORT, host: config.METRICS_HOST }, logger);
} else {
  await serve(config);
}

async function serve(config: Env) {
  const production = config.NODE_ENV === "production";
  const reporting = startErrorReporting(config);

  // app/server-build.ts: the build exports the lifecycle so that this file and the routes share one
  // database, and the upload door's question (who sends a photo, before its body is read).
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild & {
    lifecycle: Lifecycle;
    admitUpload: typeof AdmitUpload;
    pageVersions: typeof PageVersions;
    apiPaths: string[];
    outages: Outages;
  };
  const { lifecycle, admitUpload, pageVersions } = build;
  const started = await lifecycle.start();

  const app = express();
  app.disable("x-powered-by");
  // Every answer counted and timed for /metrics, static files and refusals included.
  startProcessMetrics();
  app.use(requestMetrics(routeTemplates(build.routes, build.apiPaths)));
  // Forwarded headers (client address, protocol) are believed only from the proxies named here.
  app.set("trust proxy", config.TRUST_PROXY ?? false);
  // …and when none is named, a proxy in front is told of once (every client would share its address).
  if (!config.TRUST_PROXY) app.use(warnOfUntrustedProxy(logger));
  app.use(compression());

  // Request id, and the security headers of what Express answers itself (static files, refusals):
  // the build's answers carry their own, nonce included, which replace these.
  app.use((req, res, next) => {
    res.locals.requestId = req.get("x-request-id")?.slice(0, 64) || randomUUID();
    res.set("X-Request-Id", res.locals.requestId);
    res.set(securityHeaders(config));
    next();
  });

  // One line per request: no query string (it may carry codes), no cookies, no bodies.
  app.use(requestLog(logger));
  // Methods, targets, hosts, sizes, origins and content types no route could take: 4xx here,
  // before static files and before a body is read (the build repeats what it can see).
  app.use(screenRequests());
  // Errors reported while handling a request carry its id.
  app.use((_req, res, next) => withRequestScope(res.locals.requestId, next));

  // Fingerprinted build output never changes: cache it for a year. Other public files: an hour.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
  // Only paths under public/'s own entries are looked up on disk: for every page, express.static
  // would stat a file that is not there and build an error object (~7 % of a signed-in page's CPU).
  const publicEntries = new Set(readdirSync("public"));
  const servePublic = express.static("public", { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicEntries.has(req.path.split("/")[1]) ? servePublic(req, res, next) : next()));

  const { keptSharedPages, pages } = createRequestHandler({
    build,
    mode: config.NODE_ENV,
    origin: new URL(config.APP_URL).origin,
    getLoadContext: (req, res) => ({ requestId: res.locals.requestId, clientIp: req.ip }),
    admitUpload,
    pageVersions,
    memberPageCacheBytes: config.MEMBER_PAGE_CACHE_MB * 1024 * 1024,
  });
  // A public page kept in memory costs what a static file does: answered before the queue too.
  app.use(keptSharedPages);

  // Past what this worker can serve, a fast 503 rather than a growing wait. Static files and kept
  // public pages (above) are never queued, nor the probes: a busy worker is alive and ready, its
  // load balancer must not drop it.
  const queue = boundedQueue({
    inFlight: config.REQUESTS_IN_FLIGHT,
    waiting: config.REQUESTS_QUEUED,
    maxWaitMs: config.REQUESTS_WAIT_MS,
  });
  app.use((req, res, next) => (PROBES.has(req.path) ? next() : queue(req, res, next)));
  app.all("*", pages);
  // A failure outside any route: 503 during an outage, a translated 500 otherwise, never on stderr.
  app.use(answerDoorErrors(build.outages));

  const server = app.listen(config.PORT, () => {
    logger.info(
      { pid: process.pid },
      `Cap listening on http://localhost:${config.PORT} (${config.NODE_ENV}, database: ${started.driver}, error reporting: ${reporting ? "on" : "off"})`,
    );
    // `npm run dev`'s watcher waits for this; `npm run demo` runs the build in development without one.
    if (!production && process.env.REMIX_DEV_ORIGIN) void broadcastDevReady(build);
  });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing requests`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    server.close(async () => {
      await lifecycle.stop();
      clearTimeout(force);
      process.exit(0);
    });
    server.closeIdleConnections();
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // Where this worker's memory goes, logged when the operator (or the bench) asks: a signal, which
  // only the server's own user can send, rather than an endpoint that something outside could reach.
  // heapLimit: the ceiling WORKER_HEAP_MB set (old space plus the young generation), in bytes.
  process.on("SIGUSR2", () =>
    logger.info(
      { pid: process.pid, memory: process.memoryUsage(), heapLimit: getHeapStatistics().heap_size_limit },
      "memory usage",
    ),
  );
}

/** The load balancer's probes: liveness and readiness. */
const PROBES = new Set(["/healthz", "/readyz"]);
