import { readFileSync } from "node:fs";
import path from "node:path";

/** What a backup or a restore reads its database through: a pg client or PGlite, both answering { rows }. */
export type Queryable = { query(text: string): Promise<unknown> };

async function rows<T>(database: Queryable, text: string): Promise<T[]> {
  return ((await database.query(text)) as { rows: T[] }).rows;
}

/** The schemas Cap writes: its tables, and drizzle's record of the migrations applied. */
const SCHEMAS = ["public", "drizzle"];

/** Every table Cap keeps, as "schema"."table", in a stable order. */
export async function tableNames(database: Queryable): Promise<string[]> {
  const found = await rows<{ name: string }>(
    database,
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname in (${SCHEMAS.map((schema) => `'${schema}'`).join(", ")}) order by schemaname, tablename`,
  );
  return found.map((row) => row.name);
}

/** How many rows each table holds: the manifest's counts, checked again after a restore. */
export async function tableCounts(database: Queryable): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(database)) {
    const [row] = await rows<{ count: string | number }>(database, `select count(*) as count from ${table}`);
    counts[table] = Number(row.count);
  }
  return counts;
}

/** How many of Cap's migrations the database has applied (drizzle's own table; 0 on an empty database). */
export async function appliedMigrations(database: Queryable): Promise<number> {
  const [exists] = await rows<{ found: boolean }>(
    database,
    "select to_regclass('drizzle.__drizzle_migrations') is not null as found",
  );
  if (!exists.found) return 0;
  const [row] = await rows<{ count: string | number }>(
    database,
    "select count(*) as count from drizzle.__drizzle_migrations",
  );
  return Number(row.count);
}

/** How many migrations this code knows: a database that applied more is from a newer Cap. */
export function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(path.resolve("app/.server/db/migrations/meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}
