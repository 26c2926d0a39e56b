import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, useDatabase, type DatabaseHandle } from "~/.server/db/client.server";

/**
 * Each test worker gets one migrated database: PGlite in memory, or a fresh database on the
 * DATABASE_URL server. Tests are isolated by emptying every table before each test.
 */
const state = globalThis as typeof globalThis & { __capTestDb?: Promise<DatabaseHandle> };

export function testDatabase(): Promise<DatabaseHandle> {
  state.__capTestDb ??= open();
  return state.__capTestDb;
}

async function open(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: "memory://" });
  const name = `${process.env.CAP_TEST_RUN_ID ?? "cap_test"}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return openDatabase({ url: url.toString(), dataDir: "memory://" });
}

/** Empties every table of the public schema (migrations live in the drizzle schema). */
export async function resetDatabase(handle: DatabaseHandle) {
  // Both drivers answer execute() with { rows }.
  const { rows } = (await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: { tablename: string }[] };
  if (rows.length === 0) return;
  const tables = rows.map((row) => `"public"."${row.tablename}"`).join(", ");
  await handle.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
}
