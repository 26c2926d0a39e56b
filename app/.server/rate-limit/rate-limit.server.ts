import { and, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { rateLimitEvents } from "~/.server/db/schema.server";

/**
 * Counters kept in PostgreSQL, so every app instance sees the same numbers. A bucket names what
 * is limited ("login-pair", "code-tries-identity", …); a key, who (an email, an IP, an identity).
 */
export async function countRecent(bucket: string, key: string, windowMs: number, executor: Executor = db()): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const [row] = await executor
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)));
  return row?.n ?? 0;
}

export async function recordEvent(bucket: string, key: string, executor: Executor = db()) {
  await executor.insert(rateLimitEvents).values({ bucket, key });
}

/** Serialises, until the transaction ends, every transaction counting the same (bucket, key). */
export async function lockCounter(tx: Executor, bucket: string, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${bucket} ${key}`}, 0))`);
}

export async function clearEvents(bucket: string, key: string) {
  await db().delete(rateLimitEvents).where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key)));
}

/** At most `max` events of (bucket, key) within `windowMs`; an attempt takes `cost` of them (1 by default). */
export type Limit = { bucket: string; key: string; max: number; windowMs: number; cost?: number };

/**
 * Takes a slot (or `cost` slots) in every limit at once, atomically: each (bucket, key) is locked for the
 * transaction, so two requests can never both see the last free slot, however many arrive
 * together. Returns the ids of the recorded events (to give back with `releaseSlots` when the
 * attempt turns out not to count, e.g. a right password), or null when a limit is reached — then
 * nothing is recorded.
 */
export async function takeSlots(limits: Limit[], executor: Executor = db()): Promise<number[] | null> {
  // Always lock in the same order: two requests locking the same keys cannot deadlock.
  const ordered = [...limits].sort((a, b) => `${a.bucket} ${a.key}`.localeCompare(`${b.bucket} ${b.key}`));
  // Inside a caller's transaction this is a savepoint, and the locks last until that transaction ends.
  return executor.transaction(async (tx) => {
    for (const limit of ordered) await lockCounter(tx, limit.bucket, limit.key);
    for (const limit of ordered) {
      const since = new Date(Date.now() - limit.windowMs);
      const [row] = await tx
        .select({ n: count() })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.bucket, limit.bucket), eq(rateLimitEvents.key, limit.key), gt(rateLimitEvents.createdAt, since)));
      if ((row?.n ?? 0) + (limit.cost ?? 1) > limit.max) return null;
    }
    const rows = await tx
      .insert(rateLimitEvents)
      .values(ordered.flatMap(({ bucket, key, cost = 1 }) => Array.from({ length: cost }, () => ({ bucket, key }))))
      .returning({ id: rateLimitEvents.id });
    return rows.map((row) => row.id);
  });
}

/** Gives back slots taken by `takeSlots` for an attempt that should not count. */
export async function releaseSlots(ids: number[]) {
  if (ids.length > 0) await db().delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
}

/** Events older than this are of no use to any limit (the longest window is a day). */
export const EVENT_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;

/** Forgets events no window looks at any more; the housekeeping loop calls it hourly. */
export async function pruneEvents(now = new Date()) {
  await db().delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(now.getTime() - EVENT_RETENTION_MS)));
}
