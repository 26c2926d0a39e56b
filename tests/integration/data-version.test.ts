import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { currentDataVersion } from "~/.server/db/data-version.server";
import { appUsers, mainGoals, rateLimitEvents } from "~/.server/db/schema.server";

/**
 * Issue 27, the database's data version (migration 0027) that the member pages' render cache keys
 * on: raised once by each transaction that wrote, whatever it wrote, and by nothing else.
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe("the database's data version", () => {
  it("is raised by every table of the schema: each carries the deferred trigger and the truncate one", async () => {
    const tables = rowsOf<{ table: string; deferred: string[]; truncate: string[] }>(
      await db().execute(sql`
        select c.relname as "table",
          array_remove(array_agg(t.tgname::text) filter (where t.tgdeferrable and t.tginitdeferred), null) as "deferred",
          array_remove(array_agg(t.tgname::text) filter (where t.tgtype & 32 <> 0), null) as "truncate"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
        left join pg_trigger t on t.tgrelid = c.oid and t.tgname like 'raise_data_version%'
        where c.relkind in ('r', 'p') and c.relname <> 'data_version'
        group by c.relname`),
    );
    expect(tables.length).toBeGreaterThan(40);
    const missing = tables
      .filter(
        (t) => !t.deferred.includes("raise_data_version") || !t.truncate.includes("raise_data_version_on_truncate"),
      )
      .map((t) => t.table);
    // A new table needs both triggers in its migration (0027 shows them), or its writes leave kept pages stale.
    expect(missing).toEqual([]);
  });

  it("goes up by one for a transaction that wrote, however many rows and tables, and stays for reads and rollbacks", async () => {
    const start = BigInt(await currentDataVersion());
    await db().select().from(appUsers);
    expect(BigInt(await currentDataVersion())).toBe(start);

    await db().transaction(async (tx) => {
      await tx.insert(rateLimitEvents).values([
        { bucket: "login-pair", key: "a" },
        { bucket: "login-pair", key: "b" },
        { bucket: "login-pair", key: "c" },
      ]);
      await tx.delete(rateLimitEvents).where(eq(rateLimitEvents.key, "b"));
      await tx.delete(mainGoals);
    });
    expect(BigInt(await currentDataVersion())).toBe(start + 1n);

    await db()
      .transaction(async (tx) => {
        await tx.insert(rateLimitEvents).values({ bucket: "login-pair", key: "d" });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect(BigInt(await currentDataVersion())).toBe(start + 1n);

    // One statement on its own is a transaction of its own.
    await db().delete(rateLimitEvents).where(eq(rateLimitEvents.key, "a"));
    await db().delete(rateLimitEvents).where(eq(rateLimitEvents.key, "c"));
    expect(BigInt(await currentDataVersion())).toBe(start + 3n);

    await db().execute(sql`truncate rate_limit_events`);
    expect(BigInt(await currentDataVersion())).toBe(start + 4n);
  });
});
