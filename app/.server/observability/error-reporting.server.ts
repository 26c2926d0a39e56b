import * as Sentry from "@sentry/remix";
import { reportingOptions, type ReportingConfig } from "~/observability/reporting-options";

/**
 * Server-side error reporting (SPEC §9) with @sentry/remix: on only when SENTRY_DSN is set. Each
 * request runs in its own scope tagged with its request id (and, once the guard knows it, the
 * member id); loader and action errors are reported with their route (http/route-errors.server.ts).
 */
type ReportingEnv = { SENTRY_DSN?: string; SENTRY_ENVIRONMENT?: string; APP_URL: string };

export function startErrorReporting(config: ReportingEnv): boolean {
  const browser = browserReporting(config);
  if (!browser) return false;
  if (isReporting()) return true;
  // A load balancer's probes every few seconds would spend the trace quota on nothing.
  Sentry.init({ ...reportingOptions(browser, config.APP_URL), ignoreTransactions: [PROBES] });
  return true;
}

const PROBES = /^(GET|HEAD) \/?(healthz|readyz)$/;

/** What the browser needs to report errors (written into the page), or null when it is off. */
export function browserReporting(config: Omit<ReportingEnv, "APP_URL">): ReportingConfig | null {
  return config.SENTRY_DSN ? { dsn: config.SENTRY_DSN, environment: config.SENTRY_ENVIRONMENT } : null;
}

/** The DSN's origin, which the browser must be allowed to send to (CSP connect-src). */
export function reportingOrigin(config: Omit<ReportingEnv, "APP_URL">): string | undefined {
  return config.SENTRY_DSN ? new URL(config.SENTRY_DSN).origin : undefined;
}

/** Whether reporting was started (server.ts starts it, or not, after the build is loaded). */
export const isReporting = () => Sentry.getClient() !== undefined;

/** Runs one request's handling in a scope of its own, tagged with its id. */
export function withRequestScope(requestId: string, handle: () => void): void {
  if (!isReporting()) {
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
  if (isReporting()) Sentry.getIsolationScope().setUser({ id: memberId });
}
