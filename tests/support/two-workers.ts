import { randomBytes } from "node:crypto";
import pg from "pg";
import { startServer, waitFor, type ServerProcess } from "./server-process";

/**
 * The built server with WEB_CONCURRENCY=2 on a fresh PostgreSQL database of its own (dropped by
 * `stop`), for the tests of what holds across worker processes. `workers` are the two workers' pids,
 * to send a request to one of them (./worker-connections.ts).
 */
export type TwoWorkers = {
  server: ServerProcess;
  workers: [number, number];
  /** The test database's URL, for a command run beside the server. */
  databaseUrl: string;
  /** A query on the test database, over a short connection of its own. */
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
};

/** The PostgreSQL server the test databases are made on, as its administrator. */
export const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function startTwoWorkers(name: string, env: Record<string, string> = {}): Promise<TwoWorkers> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const database = `${process.env.CAP_TEST_RUN_ID ?? "cap_test"}_${name}_${randomBytes(3).toString("hex")}`;
  await admin.query(`create database "${database}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const dropDatabase = async () => {
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  };
  let server: ServerProcess;
  try {
    server = await startServer({ ...env, DATABASE_URL: url.toString(), WEB_CONCURRENCY: "2" });
    // /healthz answered: one worker listens; the other may still be starting.
    await waitFor(() => server.workerPids().length >= 2, 60_000);
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  return {
    server,
    workers: server.workerPids().slice(0, 2) as [number, number],
    databaseUrl: url.toString(),
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    async stop() {
      await server.stop();
      await dropDatabase();
    },
  };
}
