import { maskKeyPaths } from "./key-paths";

/**
 * Error-reporting settings shared by the server and the browser (SPEC §9): every trace, one
 * session in ten replayed and every session with an error, traces propagated to localhost and to
 * the API path of the app's host, and each event scrubbed before it leaves.
 */
export type ReportingConfig = { dsn: string; environment?: string };

export function reportingOptions(config: ReportingConfig, appUrl: string) {
  return {
    dsn: config.dsn,
    environment: config.environment,
    tracesSampleRate: 1,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
    tracePropagationTargets: ["localhost", new RegExp(`^${escapeRegExp(new URL(appUrl).origin)}/api/`)],
    sendDefaultPii: false,
    beforeSend: scrubEvent,
    beforeSendTransaction: scrubEvent,
    beforeBreadcrumb: scrubEvent,
  };
}

const SECRET_KEY = /pass|pwd|token|secret|cookie|authorization|session|csrf|otp|^code$/i;
const FILTERED = "[Filtered]";

/**
 * Passwords, tokens, cookies and form bodies never leave: the request's body and cookies are
 * dropped, every value under a key that names a secret is replaced, at any depth, in query
 * strings too, and every path that is a key (key-paths.ts) is masked wherever it appears.
 */
export function scrubEvent<T>(event: T): T {
  const scrubbed = scrub(event, "", new WeakSet()) as T & { request?: Record<string, unknown> };
  if (scrubbed && typeof scrubbed === "object" && scrubbed.request) {
    delete scrubbed.request.data;
    delete scrubbed.request.cookies;
  }
  return scrubbed;
}

function scrub(value: unknown, key: string, seen: WeakSet<object>): unknown {
  if (SECRET_KEY.test(key)) return FILTERED;
  if (typeof value === "string") return withoutQueryParameters(scrubQuery(maskKeyPaths(value)));
  // The SDK's own bookkeeping (scopes, spans) is never sent, and it holds cycles.
  if (key === "sdkProcessingMetadata" || !value || typeof value !== "object") return value;
  if (seen.has(value)) return "[Circular]";
  seen.add(value);
  const result = scrubContainer(value, seen);
  seen.delete(value);
  return result;
}

function scrubContainer(value: object, ancestors: WeakSet<object>): unknown {
  if (Array.isArray(value)) {
    // [name, value] pairs, as query strings and headers sometimes come.
    if (value.length === 2 && typeof value[0] === "string" && SECRET_KEY.test(value[0])) return [value[0], FILTERED];
    return value.map((item) => scrub(item, "", ancestors));
  }
  // Events are plain data by the time they are scrubbed; anything else is left as it is.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, scrub(inner, name, ancestors)]));
}

/** `token=abc` in a URL or a query string becomes `token=[Filtered]`. */
function scrubQuery(text: string): string {
  return text.replace(/(^|[?&;\s])([^=&?#;\s]+)=([^&#;\s]*)/g, (whole, lead: string, name: string) =>
    SECRET_KEY.test(name) ? `${lead}${name}=${FILTERED}` : whole,
  );
}

/**
 * Drizzle's "Failed query: … params: …" keeps its SQL and loses its values (emails, names,
 * comments): in error reports and in the log alike.
 */
export function withoutQueryParameters(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, "\nparams: [redacted]");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
