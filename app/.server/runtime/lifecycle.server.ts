import cluster from "node:cluster";
import path from "node:path";
import { env, type Env } from "~/.server/config/env.server";
import { databaseIsHealthy, openDatabase, setDatabase, type DatabaseHandle } from "~/.server/db/client.server";
import { identity, reencryptTotpSecrets } from "~/.server/identity/identity-service.server";
import { seedCoaches } from "~/.server/coaching/coaches/coach-content.server";
import { seedContent } from "~/.server/trainings/seed.server";
import { seedLegalPages } from "~/.server/legal/pages.server";
import { applyAdminEmails } from "~/.server/roles/admin-emails.server";
import { firstAdminAnnouncement } from "~/.server/roles/first-admin.server";
import { logger } from "~/.server/observability/logger.server";
import { startMailSender, stopMailSender } from "~/.server/mail/sender.server";
import { commitmentReminderRound } from "~/.server/notifications/commitment-reminders.server";
import { digestRound } from "~/.server/notifications/digests.server";
import { startRounds, stopRounds } from "~/.server/notifications/rounds.server";
import { mailRendering } from "./mail-rendering.server";
import { startHousekeeping, stopHousekeeping } from "./housekeeping.server";

/**
 * What runs around the Remix handler: the database (opened, migrated, seeded), the mail sender,
 * the notifications' passes (weekly digests, commitment reminders) and housekeeping. It lives in
 * the server build (exported by app/server-build.ts) so that the server and the routes share one
 * database handle. server.ts starts it before it listens and stops it on
 * SIGTERM; under remix-serve the first request starts it (served-build.server.ts). Started once.
 */
type Started = { driver: DatabaseHandle["driver"] };

let database: DatabaseHandle | undefined;
let starting: Promise<Started> | undefined;
/** Migrations applied, content seeded, the sender started: the instance may take traffic. */
let started = false;

function start(): Promise<Started> {
  starting ??= open().catch((error: unknown) => {
    // The next request tries again: a database still on its way up at boot is no reason to stay down.
    starting = undefined;
    logger.error({ err: error }, "start-up failed");
    throw error;
  });
  return starting;
}

/** The database the environment names, migrated and seeded (content, coaches, legal pages). */
export function openSeededDatabase(config: Pick<Env, "DATABASE_URL" | "DATABASE_DIRECT_URL" | "DATA_DIR">) {
  return openDatabase({
    url: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    dataDir: path.join(config.DATA_DIR, "pglite"),
    prepare: async (db) => {
      const { leftAside } = await seedContent(db);
      for (const slug of leftAside)
        logger.info({ training: slug }, "app/content file left aside: an author changed this training in the browser");
      await seedCoaches(db);
      await seedLegalPages(db);
      const resealed = await reencryptTotpSecrets(db);
      if (resealed > 0) logger.info({ resealed }, "TOTP keys sealed again under the newest TOTP_ENCRYPTION_KEYS key");
    },
  });
}

async function open(): Promise<Started> {
  const config = env();
  database = await openSeededDatabase(config);
  setDatabase(database);
  // Chosen now, so that the start-up log says where identities live.
  identity();
  await applyAdminEmails(config.ADMIN_EMAILS);
  // Printed by one process only: each worker would print a link of its own.
  if ((cluster.worker?.id ?? 1) === 1) {
    const announcement = await firstAdminAnnouncement(config.APP_URL).catch(() => null);
    if (announcement) logger.warn(announcement);
  }
  startMailSender(mailRendering);
  startRounds([digestRound, commitmentReminderRound]);
  startHousekeeping();
  started = true;
  return { driver: database.driver };
}

async function health() {
  return { ok: await databaseIsHealthy() };
}

/** Readiness, for a load balancer: started (migrations done) and the database answering now. */
async function ready() {
  return { ok: started && (await databaseIsHealthy()) };
}

async function stop() {
  starting = undefined;
  started = false;
  stopHousekeeping();
  await stopRounds();
  // Delivers what is due one last time while the database is still open.
  await stopMailSender();
  setDatabase(undefined);
  await database?.close();
  database = undefined;
}

export const lifecycle = { start, health, ready, stop };
export type Lifecycle = typeof lifecycle;
