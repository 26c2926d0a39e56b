/**
 * A fresh PostgreSQL database for one run on the DATABASE_URL server (the server migrates and seeds
 * it at start), dropped afterwards; nothing on PGlite, where the server's DATA_DIR is thrown away.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface RunDatabase {
  /** What the server is given: a fresh database's URL, or undefined for PGlite. */
  url: string | undefined;
  label: string;
  drop(): Promise<void>;
}

export async function runDatabase(prefix: string, serverUrl = process.env.DATABASE_URL): Promise<RunDatabase> {
  if (!serverUrl) return { url: undefined, label: "PGlite", drop: async () => {} };
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `PostgreSQL (${url.host}, database ${name})`,
    // WITH (FORCE): connections a killed server left behind do not keep the database alive.
    drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function onServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
