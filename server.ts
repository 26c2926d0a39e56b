/**
 * Cap's production entry. The primary process supervises WEB_CONCURRENCY workers (a dead one is
 * replaced); each worker serves static assets, security headers, one log line per request,
 * /healthz, route rules, error reporting, the Remix handler, and stops gracefully on SIGTERM/SIGINT
 * (ARCHITECTURE.md).
 */
import cluster from "node:cluster";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type { Lifecycle } from "~/.server/runtime/lifecycle.server";
import { parseEnv, ConfigError, type Env } from "~/.server/config/env.server";
import { ruleRedirect } from "~/.server/builds/builds.server";
import { answerOutages } from "~/.server/http/outage.server";
import { createRequestHandler, screenRequests } from "~/.server/http/request-handler.server";
import { superviseWorkers } from "~/.server/runtime/supervisor.server";
import { logger, requestLog } from "~/.server/observability/logger.server";
import {
  instrumentBuild,
  reportingOrigin,
  startErrorReporting,
  withRequestScope,
} from "~/.server/observability/error-reporting.server";

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
  superviseWorkers(config.WEB_CONCURRENCY, logger);
} else {
  await serve(config);
}

async function serve(config: Env) {
  const production = config.NODE_ENV === "production";
  const reporting = startErrorReporting(config);
  // The browser sends its error reports to the DSN's origin.
  const reportsOrigin = reportingOrigin(config);

  const loaded = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  // A database outage answers 503 (outermost, so error reports see the original error first).
  const build = answerOutages(reporting ? instrumentBuild(loaded) : loaded);
  // entry.server exports the lifecycle so that this file and the routes share one database.
  const lifecycle = (build.entry.module as unknown as { lifecycle: Lifecycle }).lifecycle;
  const started = await lifecycle.start({ buildVersion: build.assets.version });

  const app = express();
  app.disable("x-powered-by");
  // Forwarded headers (client address, protocol) are believed only from the proxies named here.
  app.set("trust proxy", config.TRUST_PROXY ?? false);
  app.use(compression());

  // Request id, CSP nonce and security headers.
  app.use((req, res, next) => {
    res.locals.requestId = req.get("x-request-id")?.slice(0, 64) || randomUUID();
    res.locals.nonce = randomBytes(16).toString("base64");
    res.set("X-Request-Id", res.locals.requestId);
    res.set("Content-Security-Policy", contentSecurityPolicy(res.locals.nonce));
    res.set("X-Content-Type-Options", "nosniff");
    res.set("Referrer-Policy", "strict-origin-when-cross-origin");
    res.set("X-Frame-Options", "DENY");
    res.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (config.APP_URL.startsWith("https:"))
      res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });

  // One line per request: no query string (it may carry codes), no cookies, no bodies.
  app.use(requestLog(logger));
  // Methods, targets, hosts, sizes, origins and content types no route could take: 4xx here.
  app.use(screenRequests());
  // Errors reported while handling a request carry its id.
  app.use((_req, res, next) => withRequestScope(res.locals.requestId, next));

  app.get("/healthz", async (_req, res) => {
    const { ok } = await lifecycle.health();
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ ok });
  });

  // Fingerprinted build output never changes: cache it for a year. Other public files: an hour.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static("public", { maxAge: "1h", index: false }));

  // Redirects declared in app/.server/builds/route-rules.server.ts.
  app.get("*", (req, res, next) => {
    const target = ruleRedirect(req.originalUrl);
    if (target) res.redirect(302, target);
    else next();
  });

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: config.NODE_ENV,
      origin: new URL(config.APP_URL).origin,
      getLoadContext: (req, res) => ({ nonce: res.locals.nonce, requestId: res.locals.requestId, clientIp: req.ip }),
    }),
  );

  const server = app.listen(config.PORT, () => {
    logger.info(
      { pid: process.pid },
      `Cap listening on http://localhost:${config.PORT} (${config.NODE_ENV}, database: ${started.driver}, error reporting: ${reporting ? "on" : "off"})`,
    );
    if (!production) void broadcastDevReady(build);
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

  function contentSecurityPolicy(nonce: string) {
    const devSockets = production ? "" : " ws: http://localhost:*";
    const reports = reportsOrigin ? ` ${reportsOrigin}` : "";
    return [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self'${reports}${devSockets}`,
      "media-src 'self'",
      // Session replay compresses in a worker it starts from a blob: only with reporting on.
      ...(reportsOrigin ? ["worker-src 'self' blob:"] : []),
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
  }
}
