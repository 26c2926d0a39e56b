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
import { logger } from "~/.server/observability/logger.server";
import { scrapedGauge } from "~/.server/observability/metrics.server";
import { countedQuery, countStatements, serverTimingOn } from "~/.server/observability/query-timing.server";
import * as schema from "./schema.server";

/** The Drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
};

const migrationsFolder = path.resolve("app/.server/db/migrations");

/** Work done once the migrations are applied and before requests are served (the content seed). */
type Prepare = (db: Database) => Promise<void>;

/**
 * Opens the database, applies pending migrations, then runs `prepare`: a node-postgres pool when a
 * URL is given, otherwise PGlite stored in `dataDir` (or in memory for "memory://"). `directUrl`,
 * when `url` goes through PgBouncer in transaction mode: the migrations run over it, since their
 * session-level lock would otherwise be taken on one server connection and released on another.
 */
export async function openDatabase(options: {
  url?: string;
  directUrl?: string;
  dataDir: string;
  prepare?: Prepare;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // During an outage a request fails within seconds (503) instead of queueing for ever.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // Lets operators (and the fault tests) find Cap's backends in pg_stat_activity.
      application_name: "cap",
    });
    // A connection ended by the server (restart, failover, pg_terminate_backend) is reported as an
    // 'error' event; without a listener Node would crash the process. The pool opens new ones.
    const connectionLost = (error: Error & { code?: string }) => {
      logger.warn({ code: error.code }, "database connection lost; the pool reconnects on the next query");
    };
    pool.on("error", connectionLost);
    // A connection in use (inside a transaction, between two queries) reports its loss on the
    // client itself: its next query fails (503) and the pool drops it when it is released.
    pool.on("connect", (client) => client.on("error", connectionLost));
    // SERVER_TIMING: every statement a connection sends counts into its request's tally.
    if (serverTimingOn()) pool.on("connect", (client) => (client.query = countedQuery(client.query)));
    scrapedGauge({
      name: "cap_db_pool_connections",
      help: "This worker's PostgreSQL connections, by state: total open, idle, and requests waiting for one.",
      labelNames: ["state"],
      aggregator: "sum",
      read: async () => [
        { labels: { state: "total" }, value: pool.totalCount },
        { labels: { state: "idle" }, value: pool.idleCount },
        { labels: { state: "waiting" }, value: pool.waitingCount },
      ],
    });
    const db = drizzlePostgres(pool, { schema });
    const direct = options.directUrl
      ? new pg.Pool({ connectionString: options.directUrl, max: 1, application_name: "cap" })
      : undefined;
    try {
      await underStartupLock(direct ?? pool, async (client) => {
        const locked = drizzlePostgres(client, { schema }) as unknown as Database;
        await migratePostgres(locked as never, { migrationsFolder });
        await options.prepare?.(locked);
      });
    } finally {
      await direct?.end();
    }
    return { db: db as unknown as Database, driver: "postgres", close: () => pool.end() };
  }
  if (options.dataDir !== "memory://") mkdirSync(options.dataDir, { recursive: true });
  // btree_gist backs the bookings' no-overlap constraint (migration 0003); a server has it built in.
  const client = await PGlite.create(options.dataDir, {
    extensions: { btree_gist },
    // PGlite's 128 MB of shared buffers grew its WebAssembly memory from 128 to ~190 MB, which the
    // worker holds for good; Cap's data is a few MB, and 32 MB keeps it within the first 128.
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  if (serverTimingOn()) countPgliteQueries(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  await options.prepare?.(db);
  return { db, driver: "pglite", close: () => client.close() };
}

const PGLITE_SHARED_BUFFERS = "32MB";

/** SERVER_TIMING on PGlite: queries, in and out of transactions, count into their request's tally. */
function countPgliteQueries(client: PGlite) {
  client.query = countedQuery(client.query);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) => {
    countStatements(2); // its BEGIN and COMMIT
    return transaction((tx) => {
      tx.query = countedQuery(tx.query);
      return callback(tx);
    });
  };
}

/**
 * Several app processes may start together against one server: one at a time migrates and seeds,
 * the others wait on a session-level advisory lock and then find nothing left to do.
 */
const STARTUP_LOCK = 0x0ca9_0001;
async function underStartupLock(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
    try {
      await work(client);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

let current: DatabaseHandle | undefined;

/** Makes `handle` the database every service uses (start-up, or a test's own database). */
export function setDatabase(handle: DatabaseHandle | undefined) {
  current = handle;
}

/** The database services query. Throws if start-up has not opened one. */
export function db(): Database {
  if (!current) throw new Error("The database is not open: call setDatabase(await openDatabase(...)) first");
  return current.db;
}

/** True when the database answers a trivial query within `timeoutMs`. */
export async function databaseIsHealthy(timeoutMs = 2000): Promise<boolean> {
  if (!current) return false;
  const query = current.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
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
