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
