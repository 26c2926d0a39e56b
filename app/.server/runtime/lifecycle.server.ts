import path from "node:path";
import { env } from "~/.server/config/env.server";
import { databaseIsHealthy, openDatabase, setDatabase, type DatabaseHandle } from "~/.server/db/client.server";
import { identity } from "~/.server/identity/identity-service.server";
import { seedCoaches } from "~/.server/coaching/coach-content.server";
import { seedContent } from "~/.server/trainings/seed.server";
import { setBuildVersion } from "./build-version.server";
import { startMailSender, stopMailSender } from "~/.server/mail/sender.server";
import { startHousekeeping, stopHousekeeping } from "./housekeeping.server";

/**
 * What server.ts starts and stops around the Remix handler. It lives in the server build (exported
 * from entry.server) so that server.ts and the routes share one database handle.
 */
let database: DatabaseHandle | undefined;

async function start(options: { buildVersion: string }) {
  const config = env();
  setBuildVersion(options.buildVersion);
  database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, "pglite"),
    prepare: async (db) => {
      await seedContent(db);
      await seedCoaches(db);
    },
  });
  setDatabase(database);
  // Chosen now, so that the start-up log says where identities live.
  identity();
  startMailSender();
  startHousekeeping();
  return { driver: database.driver };
}

async function health() {
  return { ok: await databaseIsHealthy() };
}

async function stop() {
  stopHousekeeping();
  // Delivers what is due one last time while the database is still open.
  await stopMailSender();
  setDatabase(undefined);
  await database?.close();
  database = undefined;
}

export const lifecycle = { start, health, stop };
export type Lifecycle = typeof lifecycle;
