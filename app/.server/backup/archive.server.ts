import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import pg from "pg";
import * as tar from "tar";
import { appliedMigrations, knownMigrations, tableCounts } from "./tables.server";
import { SESSION_SECRET_FILE, TOTP_KEY_FILE } from "~/.server/config/env.server";

const run = promisify(execFile);

/** The archive's table of contents, written beside the database dump. */
export type Manifest = {
  format: 1;
  createdAt: string;
  /** Which database the dump comes from: each restores into its own kind. */
  driver: "postgres" | "pglite";
  /** How many of Cap's migrations the database had applied: a restore refuses a newer schema. */
  migrations: number;
  /** Rows per table; uploads and photos are rows too (Cap keeps their bytes in the database). */
  tables: Record<string, number>;
  /** Whether the session secret generated under DATA_DIR travels with the archive (its links and cookies depend on it). */
  sessionSecret: "in-archive" | "from-environment";
  /** The key TOTP secrets are sealed under, when it was generated under DATA_DIR (absent: an archive of before). */
  totpKey?: "in-archive" | "from-environment";
  /** SHA-256 of each file of the archive but this one. */
  files: Record<string, string>;
};

/** Where the database is: a PostgreSQL URL, or PGlite's folder (which one process holds at a time). */
export type Target = { url: string } | { pgliteDir: string };

export type BackupOptions = { target: Target; dataDir: string; archive: string; now?: Date };

const DUMP = { postgres: "database.pgdump", pglite: "database.pglite.tar.gz" } as const;

/**
 * Writes one archive (tar, gzip): the database dump (pg_dump's custom format, or PGlite's own dump
 * of its folder), the session secret generated under DATA_DIR if there is one, and manifest.json.
 * The archive holds every member's data and a secret: it is written readable by its owner only.
 */
export async function writeBackup(options: BackupOptions): Promise<Manifest> {
  const work = mkdtempSync(path.join(os.tmpdir(), "cap-backup-"));
  try {
    const driver = "url" in options.target ? "postgres" : "pglite";
    const read =
      "url" in options.target
        ? await dumpPostgres(options.target.url, path.join(work, DUMP.postgres))
        : await dumpPglite(options.target.pgliteDir, path.join(work, DUMP.pglite));
    const [withSecret, withTotpKey] = [SESSION_SECRET_FILE, TOTP_KEY_FILE].map((name) => {
      const secret = path.join(options.dataDir, name);
      if (existsSync(secret)) writeFileSync(path.join(work, name), readFileSync(secret), { mode: 0o600 });
      return existsSync(secret);
    });
    const manifest: Manifest = {
      format: 1,
      createdAt: (options.now ?? new Date()).toISOString(),
      driver,
      ...read,
      sessionSecret: withSecret ? "in-archive" : "from-environment",
      totpKey: withTotpKey ? "in-archive" : "from-environment",
      files: Object.fromEntries(readdirSync(work).map((file) => [file, sha256(path.join(work, file))])),
    };
    writeFileSync(path.join(work, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(path.dirname(path.resolve(options.archive)), { recursive: true });
    await tar.create({ gzip: true, file: options.archive, cwd: work, portable: true }, readdirSync(work).sort());
    chmodSync(options.archive, 0o600);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

type Read = Pick<Manifest, "migrations" | "tables">;

async function dumpPostgres(url: string, file: string): Promise<Read> {
  // The counts and the dump read one snapshot: pg_dump takes its own, so the counts are taken in a
  // repeatable-read transaction whose snapshot pg_dump is handed.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const [{ snapshot }] = (await client.query("select pg_export_snapshot() as snapshot")).rows as {
      snapshot: string;
    }[];
    const read = { migrations: await appliedMigrations(client), tables: await tableCounts(client) };
    const { args, env } = connection(url);
    await run(
      "pg_dump",
      [...args, "--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshot}`, `--file=${file}`],
      {
        env,
      },
    );
    await client.query("commit");
    return read;
  } finally {
    await client.end();
  }
}

async function dumpPglite(dir: string, file: string): Promise<Read> {
  if (!existsSync(path.join(dir, "PG_VERSION"))) throw new BackupError(`no embedded database in ${dir}`);
  const database = await openPglite(dir);
  try {
    const read = { migrations: await appliedMigrations(database), tables: await tableCounts(database) };
    const dump = await database.dumpDataDir("gzip");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return read;
  } finally {
    await database.close();
  }
}

export type RestoreOptions = { target: Target; dataDir: string; archive: string };

/** A refusal worth one line to the operator: nothing was changed. */
export class BackupError extends Error {}

/**
 * Rebuilds a database (then the session secret under DATA_DIR) from an archive, into an empty
 * PostgreSQL database or a PGlite folder that does not exist yet. Refuses, changing nothing, an
 * archive from a newer Cap, of the other kind of database, altered, or a target that holds data.
 * Answers the manifest, whose counts the restored database was checked against.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const work = mkdtempSync(path.join(os.tmpdir(), "cap-restore-"));
  try {
    await tar.extract({ file: options.archive, cwd: work, strict: true }).catch(() => {
      throw new BackupError(`${options.archive} is not a Cap backup archive`);
    });
    const manifest = readManifest(work);
    const known = knownMigrations();
    if (manifest.migrations > known)
      throw new BackupError(
        `the archive's schema is newer than this Cap's (${manifest.migrations} migrations, this code knows ${known}): restore it with the Cap that wrote it`,
      );
    const driver = "url" in options.target ? "postgres" : "pglite";
    if (manifest.driver !== driver)
      throw new BackupError(
        manifest.driver === "postgres"
          ? "the archive holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it"
          : "the archive holds the embedded database: unset DATABASE_URL to restore it under DATA_DIR",
      );
    const restored =
      "url" in options.target
        ? await restorePostgres(options.target.url, path.join(work, DUMP.postgres))
        : await restorePglite(options.target.pgliteDir, path.join(work, DUMP.pglite));
    const differing = Object.keys({ ...manifest.tables, ...restored })
      .filter((table) => manifest.tables[table] !== restored[table])
      .map(
        (table) =>
          `${table}: ${manifest.tables[table] ?? "none"} in the archive, ${restored[table] ?? "none"} restored`,
      );
    if (differing.length > 0)
      throw new Error(`the restored database differs from the archive's counts: ${differing.join("; ")}`);
    for (const name of [SESSION_SECRET_FILE, TOTP_KEY_FILE]) restoreSecret(work, options.dataDir, name);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function readManifest(work: string): Manifest {
  const file = path.join(work, "manifest.json");
  if (!existsSync(file)) throw new BackupError("the archive has no manifest.json: it is not a Cap backup");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`the archive's format ${manifest.format} is unknown to this Cap`);
  for (const [name, digest] of Object.entries(manifest.files)) {
    const inside = path.join(work, name);
    if (!existsSync(inside) || sha256(inside) !== digest)
      throw new BackupError(`the archive's ${name} was altered or is missing`);
  }
  return manifest;
}

/**
 * The archive's session secret and TOTP key, written under DATA_DIR once the database is restored:
 * the restored links, device cookies and agenda links are signed with the one, the TOTP pairings
 * sealed under the other. A different file already there (start-up generates one in a new
 * DATA_DIR) can open nothing of the empty database restored into; it is kept beside, as
 * `<name>.before-restore`, all the same.
 */
function restoreSecret(work: string, dataDir: string, name: string) {
  const archived = path.join(work, name);
  if (!existsSync(archived)) return;
  const secret = readFileSync(archived);
  const present = path.join(dataDir, name);
  mkdirSync(dataDir, { recursive: true });
  if (existsSync(present) && !readFileSync(present).equals(secret))
    renameSync(present, path.join(dataDir, `${name}.before-restore`));
  writeFileSync(present, secret, { mode: 0o600 });
}

async function restorePostgres(url: string, file: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [{ tables }] = (
      await client.query("select count(*)::int as tables from pg_tables where schemaname in ('public', 'drizzle')")
    ).rows as { tables: number }[];
    if (tables > 0) throw new BackupError("the database DATABASE_URL names is not empty: restore into a new database");
    const { args, env } = connection(url);
    await run(
      "pg_restore",
      [...args, "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", file],
      {
        env,
      },
    );
    return await tableCounts(client);
  } finally {
    await client.end();
  }
}

async function restorePglite(dir: string, file: string): Promise<Record<string, number>> {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new BackupError(`${dir} already holds a database: restore into a DATA_DIR without one`);
  mkdirSync(dir, { recursive: true });
  const database = await openPglite(dir, new Blob([readFileSync(file)]));
  try {
    return await tableCounts(database);
  } finally {
    await database.close();
  }
}

function openPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  // btree_gist backs the bookings' no-overlap constraint, as in db/client.server.ts.
  return PGlite.create(dir, { extensions: { btree_gist }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** pg_dump's and pg_restore's connection: the URL without its password, which goes in PGPASSWORD (not the process list). */
function connection(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    args: [`--dbname=${parsed.toString()}`],
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}
