import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import * as tar from "tar";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { BackupError, restoreBackup, type Target, writeBackup } from "~/.server/backup/archive.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/.server/db/client.server";
import { seedCoaches } from "~/.server/coaching/coaches/coach-content.server";
import { seedAccessCodes, seedContent } from "~/.server/trainings/seed.server";
import { verifiedMember } from "../support/accounts";
import { testDatabase } from "../support/database";
import { completeTraining } from "../support/trainings";

// `npm run backup` and `npm run restore` on the kind of database the suite runs on: a PGlite
// folder, or (DATABASE_URL) new databases on that server.
const serverUrl = process.env.DATABASE_URL;
let root: string;
const created: string[] = [];

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "cap-backup-test-"));
});
afterEach(async () => {
  setDatabase(await testDatabase());
  rmSync(root, { recursive: true, force: true });
});
afterAll(async () => {
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

/** A new, empty place for a database: a folder for PGlite, a database on the server. */
async function newTarget(label: string): Promise<{ target: Target; dataDir: string }> {
  const dataDir = path.join(root, label);
  if (!serverUrl) return { target: { pgliteDir: path.join(dataDir, "pglite") }, dataDir };
  const name = `${process.env.CAP_TEST_RUN_ID ?? "cap_test"}_backup_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  created.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { target: { url: url.toString() }, dataDir };
}

function open(target: Target, seed = false): Promise<DatabaseHandle> {
  const prepare = async (db: DatabaseHandle["db"]) => {
    await seedContent(db);
    await seedCoaches(db);
    await seedAccessCodes(db);
  };
  return openDatabase({
    ...("url" in target ? { url: target.url } : {}),
    dataDir: "url" in target ? "memory://" : target.pgliteDir,
    ...(seed ? { prepare } : {}),
  });
}

/** Every table's rows, each table as one digest of its rows in a stable order. */
async function fingerprint(handle: DatabaseHandle): Promise<Record<string, string>> {
  const { rows } = (await handle.db.execute(
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'drizzle')`,
  )) as unknown as { rows: { name: string }[] };
  const digests: Record<string, string> = {};
  for (const { name } of rows) {
    const answer = (await handle.db.execute(
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest
                 from ${name} t`),
    )) as unknown as { rows: { n: number; digest: string }[] };
    digests[name] = `${answer.rows[0].n}:${answer.rows[0].digest}`;
  }
  return digests;
}

/** A heavy member on `handle`: a training done, 300 commitments (half ticked), a photo and an upload. */
async function heavyMember(handle: DatabaseHandle, email: string) {
  setDatabase(handle);
  const member = await verifiedMember({ email });
  await completeTraining(member, "j-embarque");
  await handle.db.execute(sql`
    insert into commitments (member_id, title, due_date, done_at)
    select ${member.memberId}, 'Engagement n° ' || n, current_date + n, case when n % 2 = 0 then now() end
      from generate_series(1, 300) as n`);
  await handle.db.execute(sql`
    insert into member_photos (member_id, photo_id, webp)
    values (${member.memberId}, gen_random_uuid(), ${randomBytes(4096)})`);
  await handle.db.execute(sql`
    insert into uploads (id, ext, content_type, size, sha256, bytes)
    values ('u-backup-test', 'png', 'image/png', 2048, 'x', ${randomBytes(2048)})`);
  return member;
}

/** PGlite in a folder opens, migrates and dumps far slower than the suite's database in memory. */
const SLOW = 240_000;

describe("npm run backup, then npm run restore", () => {
  it(
    "rebuilds every table and the session secret as they were at the backup, without what was written after",
    async () => {
      const source = await newTarget("source");
      let handle = await open(source.target, true);
      await heavyMember(handle, "lourd@example.com");
      const atBackup = await fingerprint(handle);
      mkdirSync(source.dataDir, { recursive: true });
      writeFileSync(path.join(source.dataDir, "session-secret"), "s".repeat(64), { mode: 0o600 });
      // PGlite is one process's: the backup reads its folder at rest, as the command requires.
      if (!serverUrl) await handle.close();
      const archive = path.join(root, "cap.tar.gz");
      const manifest = await writeBackup({ target: source.target, dataDir: source.dataDir, archive });
      expect(manifest.tables["public.commitments"]).toBe(300);
      expect(manifest.sessionSecret).toBe("in-archive");

      if (!serverUrl) handle = await open(source.target);
      setDatabase(handle);
      await verifiedMember({ email: "apres@example.com" });
      expect(await fingerprint(handle)).not.toEqual(atBackup);
      await handle.close();

      const copy = await newTarget("copy");
      await restoreBackup({ target: copy.target, dataDir: copy.dataDir, archive });
      const restored = await open(copy.target);
      try {
        expect(await fingerprint(restored)).toEqual(atBackup);
      } finally {
        await restored.close();
      }
      expect(readFileSync(path.join(copy.dataDir, "session-secret"), "utf8")).toBe("s".repeat(64));
    },
    SLOW,
  );

  it(
    "refuses an archive from a newer schema, and a target that holds data, changing nothing",
    async () => {
      const source = await newTarget("source");
      const handle = await open(source.target, true);
      await handle.close();
      const archive = path.join(root, "cap.tar.gz");
      await writeBackup({ target: source.target, dataDir: source.dataDir, archive });

      // The same archive, as a newer Cap would write it: one migration more.
      const unpacked = path.join(root, "unpacked");
      mkdirSync(unpacked);
      await tar.extract({ file: archive, cwd: unpacked });
      const manifest = JSON.parse(readFileSync(path.join(unpacked, "manifest.json"), "utf8"));
      writeFileSync(
        path.join(unpacked, "manifest.json"),
        JSON.stringify({ ...manifest, migrations: manifest.migrations + 1 }),
      );
      const newer = path.join(root, "newer.tar.gz");
      await tar.create({ gzip: true, file: newer, cwd: unpacked }, ["manifest.json", ...Object.keys(manifest.files)]);

      const copy = await newTarget("copy");
      await expect(restoreBackup({ target: copy.target, dataDir: copy.dataDir, archive: newer })).rejects.toThrow(
        /newer than this Cap's/,
      );
      // Nothing was written: the same target still takes the right archive.
      await restoreBackup({ target: copy.target, dataDir: copy.dataDir, archive });
      const again = restoreBackup({ target: copy.target, dataDir: copy.dataDir, archive });
      await expect(again).rejects.toBeInstanceOf(BackupError);
      await expect(again).rejects.toThrow(/not empty|already holds a database/);
    },
    SLOW,
  );
});
