import { sql } from "drizzle-orm";
import { db } from "./client.server";

/**
 * The database's snapshot as text (`pg_current_snapshot()`: xmin, xmax and the transactions then
 * in progress). It names every transaction whose writes are visible, so any write committed since,
 * by any connection or process, makes it another; read before some data, it is never newer than
 * that data. The render cache keys the pages it keeps on it (http/render-cache.server.ts).
 */
export const snapshotText = sql<string>`pg_current_snapshot()::text`;

/** The snapshot alone, for a page of no session (a private link's). */
export async function databaseSnapshot(): Promise<string> {
  const result = await db().execute(sql`select ${snapshotText} as snapshot`);
  return (result as unknown as { rows: { snapshot: string }[] }).rows[0].snapshot;
}
