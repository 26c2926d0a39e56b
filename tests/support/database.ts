import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client.server";
import { seedCoaches } from "~/.server/coaching/coaches/coach-content.server";
import { seedLegalPages } from "~/.server/legal/pages.server";
import { seedAccessCodes, seedContent } from "~/.server/trainings/seed.server";

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
  const handle = await openEmpty();
  await seedContent(handle.db);
  await seedCoaches(handle.db);
  await seedLegalPages(handle.db);
  return handle;
}

async function openEmpty(): Promise<DatabaseHandle> {
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

/**
 * The seeded content stays from one test to the next: it is the product's, not a test's. Coaches,
 * access codes and legal pages are emptied and seeded again instead: a coach may be a member's account (its key
 * cascades), and a test's new coach, changed hours or new, disabled or used code must not leak
 * into the next test.
 */
const seededTables = ["trainings", "training_modules", "training_versions", "training_drafts", "content_generation"];

const pageVersionTables = ["member_versions", "subject_versions"];

/**
 * Empties every table of the public schema but the seeded content and the page versions
 * (migration 0029), which only ever go up: a page kept under a version is never served again
 * once it moved (migrations live in the drizzle schema).
 */
export async function resetDatabase(handle: DatabaseHandle) {
  // Both drivers answer execute() with { rows }.
  const { rows } = (await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: { tablename: string }[] };
  if (rows.length === 0) return;
  const tables = rows
    .filter((row) => !seededTables.includes(row.tablename) && !pageVersionTables.includes(row.tablename))
    .map((row) => `"public"."${row.tablename}"`)
    .join(", ");
  await handle.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
  // A test that wrote or published content leaves it changed: the content is seeded afresh then.
  const changed = (await handle.db.execute(sql`
    select exists (select 1 from training_versions where number > 1 or published_by is not null)
        or exists (select 1 from training_drafts where authored_at is not null) as "changed"`)) as unknown as {
    rows: { changed: boolean }[];
  };
  if (changed.rows[0].changed) {
    await handle.db.execute(sql.raw(`truncate ${seededTables.map((t) => `"public"."${t}"`).join(", ")} cascade`));
    await seedContent(handle.db);
  }
  await seedCoaches(handle.db);
  await seedAccessCodes(handle.db);
  // The legal pages' first-run texts, as a fresh install has them (a test's publications go).
  await seedLegalPages(handle.db);
}
