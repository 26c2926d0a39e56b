import client from "prom-client";

/**
 * Cap's metrics in Prometheus' format (prom-client), kept per worker process and summed by the
 * primary, which alone answers /metrics on its own port (METRICS_PORT; http/metrics-port.server.ts),
 * never on the public site. The names and what each means: docs/operations.md "Metrics".
 *
 * One metric per name in a process: server.ts's bundle and the Remix build each hold a copy of
 * this module, and both count into the same metric (prom-client's registry is the process's).
 */
function counter<L extends string>(config: client.CounterConfiguration<L>) {
  return (client.register.getSingleMetric(config.name) as client.Counter<L> | undefined) ?? new client.Counter(config);
}
function gauge<L extends string>(config: client.GaugeConfiguration<L>) {
  return (client.register.getSingleMetric(config.name) as client.Gauge<L> | undefined) ?? new client.Gauge(config);
}
function histogram<L extends string>(config: client.HistogramConfiguration<L>) {
  return (
    (client.register.getSingleMetric(config.name) as client.Histogram<L> | undefined) ?? new client.Histogram(config)
  );
}

/** Seconds: from a static file's millisecond to a page past the 1 s that the p99 alert watches. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const REQUEST_LABELS = ["method", "route", "status"] as const;

export const httpRequests = counter({
  name: "cap_http_requests_total",
  help: "Requests answered, by method, route template and status.",
  labelNames: REQUEST_LABELS,
});

export const httpDuration = histogram({
  name: "cap_http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by method, route template and status.",
  labelNames: REQUEST_LABELS,
  buckets: LATENCY_BUCKETS,
});

export const turnedAway = counter({
  name: "cap_http_requests_turned_away_total",
  help: "Requests answered 503 by the bounded queue: it was full, or the request waited its longest.",
  labelNames: ["reason"] as const,
});

export const requestsInFlight = gauge({
  name: "cap_http_requests_in_flight",
  help: "Requests the bounded queue let through, being handled now.",
});

export const requestsWaiting = gauge({
  name: "cap_http_requests_waiting",
  help: "Requests waiting their turn in the bounded queue.",
});

export const renderCacheLookups = counter({
  name: "cap_render_cache_lookups_total",
  help: "Pages looked up in the render cache, by kind (shared or member) and result (hit or miss).",
  labelNames: ["kind", "result"] as const,
});

export const notificationOutcomes = counter({
  name: "cap_notification_members_total",
  help: "Members a notification round decided for, by round and outcome (sent, skipped, failed).",
  labelNames: ["round", "outcome"] as const,
});

export const notificationsDue = gauge({
  name: "cap_notification_members_due",
  help: "Members whose notification hour had come without it at the round's last pass, by round.",
  labelNames: ["round"] as const,
  aggregator: "max",
});

/**
 * A gauge read when Prometheus scrapes: `read` answers its value now, or its values by label. The
 * primary adds up the workers' values ("sum": each worker's own, such as its database pool) or
 * takes the largest ("max": what every worker reads from the one database, such as the outbox).
 * Registered again, it reads through the newest `read` (a database opened again).
 */
export function scrapedGauge<L extends string>(options: {
  name: string;
  help: string;
  aggregator: "sum" | "max";
  labelNames?: readonly L[];
  read: () => Promise<number | { labels: Record<L, string>; value: number }[]>;
}) {
  client.register.removeSingleMetric(options.name);
  return new client.Gauge<L>({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames ?? [],
    aggregator: options.aggregator,
    async collect() {
      const value = await options.read().catch(() => null);
      this.reset();
      // What cannot be read now (the database away) is left out of this scrape rather than reported as 0.
      if (value === null) return;
      if (typeof value === "number") this.set(value);
      else for (const each of value) this.set(each.labels as Partial<Record<L, string>>, each.value);
    },
  });
}

let processMetrics = false;

/**
 * Event-loop lag, memory, CPU and handles (prom-client's own process metrics), once per worker;
 * and the worker's answer to the primary's requests for its metrics, which prom-client sets up
 * when an AggregatorRegistry is made in the worker.
 */
export function startProcessMetrics() {
  if (processMetrics) return;
  processMetrics = true;
  client.collectDefaultMetrics();
  new client.AggregatorRegistry();
}
