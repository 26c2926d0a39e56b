import { db } from "./client.server";
import { dataVersion } from "./schema.server";

/**
 * The database's data version (migration 0027): raised by every transaction that writes to Cap's
 * tables as it commits, by whatever connection or process, and visible with that transaction's
 * writes. Read before some data, it is never newer than that data; the render cache keys the
 * pages it keeps on it (http/render-cache.server.ts). Unlike pg_current_snapshot(), the writes of
 * other databases of the same server leave it be.
 */
export async function currentDataVersion(): Promise<string> {
  const [row] = await db().select({ version: dataVersion.version }).from(dataVersion);
  return String(row.version);
}
