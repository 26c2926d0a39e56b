import { and, count, eq, gt, lt } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { rateLimitEvents } from "~/.server/db/schema.server";

/**
 * Counters kept in PostgreSQL, so every app instance sees the same numbers. A bucket names what
 * is limited ("login-email", "login-ip", …); a key, who (an email, an IP).
 */
export async function countRecent(bucket: string, key: string, windowMs: number): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const [row] = await db()
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)));
  return row?.n ?? 0;
}

export async function recordEvent(bucket: string, key: string) {
  await db().insert(rateLimitEvents).values({ bucket, key });
}

export async function clearEvents(bucket: string, key: string) {
  await db().delete(rateLimitEvents).where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key)));
}

/** Forgets events older than a day; called now and then so the table stays small. */
export async function pruneEvents() {
  await db().delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}
