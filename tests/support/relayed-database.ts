import { randomBytes } from "node:crypto";
import pg from "pg";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

/**
 * A fresh database on the local PostgreSQL (DATABASE_URL's server, else 127.0.0.1:5432) and a relay
 * in front of it that a test can cut, as a restart would: for the built server's outage tests.
 */
export type RelayedDatabase = {
  /** A connection to the server's own `postgres` database, to watch or end the app's backends. */
  admin: pg.Client;
  name: string;
  proxy: TcpProxy;
  /** The database's URL through the relay (what the app is given) or, `direct`, straight to the server. */
  url(options?: { direct?: boolean }): string;
  drop(): Promise<void>;
};

export async function relayedDatabase(label: string): Promise<RelayedDatabase> {
  const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `${process.env.CAP_TEST_RUN_ID ?? "cap_test"}_${label}_${randomBytes(3).toString("hex")}`;
  await admin.query(`create database "${name}"`);
  const target = new URL(adminUrl);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  return {
    admin,
    name,
    proxy,
    url: ({ direct = false } = {}) => {
      const url = new URL(adminUrl);
      if (!direct) url.host = `127.0.0.1:${proxy.port}`;
      url.pathname = `/${name}`;
      return url.toString();
    },
    async drop() {
      await proxy.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
