/**
 * Whether `error` (or one of its causes: Drizzle wraps the driver's error) is PostgreSQL refusing
 * a write because of the named constraint. Both drivers report the constraint's name.
 */
export function violatesConstraint(error: unknown, constraint: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && (current as { constraint?: unknown }).constraint === constraint) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Node's socket errors that mean the database server is gone or unreachable. */
const unreachable = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres's own words for a connection that ended or never came (it gives them no code). */
const lostConnection =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|not queryable|not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether `error` (or a cause) says the database cannot be reached at all — a restart, a failover,
 * a terminated backend, a refused or timed-out connection — rather than a query being wrong. Such
 * a request is answered 503 and tried again later; SQLSTATE class 08 is "connection exception",
 * 57P01–57P03 an administrator shut the server or the connection down.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (unreachable.has(code) || code.startsWith("08") || /^57P0[123]$/.test(code))) {
      return true;
    }
    if (typeof message === "string" && lostConnection.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
