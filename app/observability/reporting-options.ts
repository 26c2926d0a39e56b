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
 * dropped, and every value under a key that names a secret is replaced, at any depth, in query
 * strings too.
 */
export function scrubEvent<T>(event: T): T {
  const scrubbed = scrub(event, "") as T & { request?: Record<string, unknown> };
  if (scrubbed && typeof scrubbed === "object" && scrubbed.request) {
    delete scrubbed.request.data;
    delete scrubbed.request.cookies;
  }
  return scrubbed;
}

function scrub(value: unknown, key: string): unknown {
  if (SECRET_KEY.test(key)) return FILTERED;
  if (typeof value === "string") return scrubQuery(value);
  if (Array.isArray(value)) {
    // [name, value] pairs, as query strings and headers sometimes come.
    if (value.length === 2 && typeof value[0] === "string" && SECRET_KEY.test(value[0])) return [value[0], FILTERED];
    return value.map((item) => scrub(item, ""));
  }
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, scrub(inner, name)]));
  }
  return value;
}

/** `token=abc` in a URL or a query string becomes `token=[Filtered]`. */
function scrubQuery(text: string): string {
  return text.replace(/(^|[?&;\s])([^=&?#;\s]+)=([^&#;\s]*)/g, (whole, lead: string, name: string) =>
    SECRET_KEY.test(name) ? `${lead}${name}=${FILTERED}` : whole,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
