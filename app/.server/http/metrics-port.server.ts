import { createServer, type Server } from "node:http";
import client from "prom-client";
import type { Logger } from "pino";

/**
 * /metrics for Prometheus, answered by the primary process on a port of its own (METRICS_PORT,
 * on METRICS_HOST: loopback unless the operator opens it), so that it is never on the public
 * site behind nginx. The primary asks every worker for its metrics and adds them up
 * (prom-client's AggregatorRegistry, over the cluster's IPC).
 */
export function startMetricsPort(options: { port: number; host: string }, logger: Logger): Server {
  const registry = new client.AggregatorRegistry();
  const server = createServer(async (req, res) => {
    if (req.method !== "GET" || new URL(req.url ?? "/", "http://metrics.invalid").pathname !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    try {
      const body = await registry.clusterMetrics();
      res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(body);
    } catch (error) {
      logger.warn({ err: error }, "metrics: a worker did not answer");
      res.writeHead(503, { "Content-Type": "text/plain", "Retry-After": "5" }).end("A worker did not answer\n");
    }
  });
  server.listen(options.port, options.host, () =>
    logger.info(`metrics on http://${options.host}:${options.port}/metrics`),
  );
  return server;
}
