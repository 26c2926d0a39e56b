import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema.server";

/** The Drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
};

const migrationsFolder = path.resolve("app/.server/db/migrations");

/**
 * Opens the database and applies pending migrations: a node-postgres pool when a URL is given,
 * otherwise PGlite stored in `dataDir` (or in memory for "memory://").
 */
export async function openDatabase(options: { url?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePostgres(pool, { schema });
    await migratePostgres(db, { migrationsFolder });
    return { db: db as unknown as Database, driver: "postgres", close: () => pool.end() };
  }
  if (options.dataDir !== "memory://") mkdirSync(options.dataDir, { recursive: true });
  // btree_gist backs the bookings' no-overlap constraint (migration 0003); a server has it built in.
  const client = await PGlite.create(options.dataDir, { extensions: { btree_gist } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, driver: "pglite", close: () => client.close() };
}

let current: DatabaseHandle | undefined;

/** Makes `handle` the database every service uses (start-up, or a test's own database). */
export function useDatabase(handle: DatabaseHandle | undefined) {
  current = handle;
}

/** The database services query. Throws if start-up has not opened one. */
export function db(): Database {
  if (!current) throw new Error("The database is not open: call useDatabase(await openDatabase(...)) first");
  return current.db;
}

/** True when the database answers a trivial query within `timeoutMs`. */
export async function databaseIsHealthy(timeoutMs = 2000): Promise<boolean> {
  if (!current) return false;
  const query = current.db.execute(sql`select 1`).then(() => true, () => false);
  const timeout = new Promise<boolean>((resolve) => setTimeout(resolve, timeoutMs, false).unref());
  return Promise.race([query, timeout]);
}

/** A transaction handed to `db().transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/**
 * Where a service may write: the database itself or a transaction in progress. Inside a
 * transaction, query only through its `tx`: PGlite has one connection, so a query through db()
 * would wait for the transaction that waits for it.
 */
export type Executor = Database | Transaction;
