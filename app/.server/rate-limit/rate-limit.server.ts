import { and, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { rateLimitEvents } from "~/.server/db/schema.server";
import { DAY_MS } from "~/.server/calendar/days.server";

/**
 * Counters kept in PostgreSQL, so every app instance sees the same numbers. A bucket names what
 * is limited ("login-pair", "code-tries-identity", …); a key, who (an email, an IP, an identity).
 */
export async function countRecent(
  bucket: string,
  key: string,
  windowMs: number,
  executor: Executor = db(),
): Promise<number> {
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
  await db()
    .delete(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key)));
}

/** At most `max` events of (bucket, key) within `windowMs`; an attempt takes `cost` of them (1 by default). */
export type Limit = { bucket: string; key: string; max: number; windowMs: number; cost?: number };

/** What `trySlots` answers: the recorded events' ids, or the first of the limits that is full. */
export type SlotsTaken = { ok: true; ids: number[] } | { ok: false; full: Limit };

/**
 * Takes a slot (or `cost` slots) in every limit at once, atomically: each (bucket, key) is locked for the
 * transaction, so two requests can never both see the last free slot, however many arrive
 * together. Answers the ids of the recorded events (to give back with `releaseSlots` when the
 * attempt turns out not to count, e.g. a right password), or the first limit of `limits` that is
 * full — then nothing is recorded.
 */
export async function trySlots(limits: Limit[], executor: Executor = db()): Promise<SlotsTaken> {
  // Always lock in the same order: two requests locking the same keys cannot deadlock.
  const ordered = [...limits].sort((a, b) => `${a.bucket} ${a.key}`.localeCompare(`${b.bucket} ${b.key}`));
  // Inside a caller's transaction this is a savepoint, and the locks last until that transaction ends.
  return executor.transaction(async (tx): Promise<SlotsTaken> => {
    for (const limit of ordered) await lockCounter(tx, limit.bucket, limit.key);
    for (const limit of limits) {
      const since = new Date(Date.now() - limit.windowMs);
      const [row] = await tx
        .select({ n: count() })
        .from(rateLimitEvents)
        .where(
          and(
            eq(rateLimitEvents.bucket, limit.bucket),
            eq(rateLimitEvents.key, limit.key),
            gt(rateLimitEvents.createdAt, since),
          ),
        );
      if ((row?.n ?? 0) + (limit.cost ?? 1) > limit.max) return { ok: false, full: limit };
    }
    const rows = await tx
      .insert(rateLimitEvents)
      .values(ordered.flatMap(({ bucket, key, cost = 1 }) => Array.from({ length: cost }, () => ({ bucket, key }))))
      .returning({ id: rateLimitEvents.id });
    return { ok: true, ids: rows.map((row) => row.id) };
  });
}

/** `trySlots` for callers that need not know which limit is full: the events' ids, or null. */
export async function takeSlots(limits: Limit[], executor: Executor = db()): Promise<number[] | null> {
  const taken = await trySlots(limits, executor);
  return taken.ok ? taken.ids : null;
}

/** Gives back slots taken by `trySlots`/`takeSlots` for an attempt that should not count. */
export async function releaseSlots(ids: number[], executor: Executor = db()) {
  if (ids.length > 0) await executor.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
}

/** Events older than this are of no use to any limit (the longest window is a day). */
export const EVENT_RETENTION_MS = 2 * DAY_MS;

/** Forgets events no window looks at any more; the housekeeping loop calls it hourly. */
export async function pruneEvents(now = new Date()) {
  await db()
    .delete(rateLimitEvents)
    .where(lt(rateLimitEvents.createdAt, new Date(now.getTime() - EVENT_RETENTION_MS)));
}
