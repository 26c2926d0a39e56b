import { and, eq, lt } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { identityFlows, mailOutbox } from "~/.server/db/schema.server";
import { logger } from "~/.server/observability/logger.server";
import { pruneEvents } from "~/.server/rate-limit/rate-limit.server";
import { pruneNotMeLinks } from "~/.server/security/not-me.server";
import { DAY_MS } from "~/.server/calendar/days.server";

/**
 * What the database would otherwise keep for ever: rate-limit events no window reads any more,
 * delivered emails — whose codes and links are of no use once sent, and which nobody should
 * be able to read later — the records of Kratos flows long expired (Ory adapter), and expired
 * "this wasn't me" links. Every app
 * process runs it hourly; each step is idempotent.
 */
const EVERY_MS = 60 * 60 * 1000;
/** A day: long enough to look into a delivery problem, short enough for codes and links. */
export const SENT_MAIL_RETENTION_MS = DAY_MS;

export async function keepHouse(now = new Date()) {
  await pruneEvents(now);
  await db()
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, new Date(now.getTime() - SENT_MAIL_RETENTION_MS))));
  // Recovery and verification flows live 15 minutes in Kratos: a day later their record is of no use.
  await db()
    .delete(identityFlows)
    .where(lt(identityFlows.createdAt, new Date(now.getTime() - DAY_MS)));
  await pruneNotMeLinks(now);
}

let timer: NodeJS.Timeout | undefined;

/** Runs now, then hourly in the background (does not keep the process alive). */
export function startHousekeeping() {
  const run = () =>
    keepHouse().catch((error: Error & { code?: string }) =>
      logger.warn({ code: error.code }, "housekeeping failed; next run in an hour"),
    );
  void run();
  timer = setInterval(run, EVERY_MS);
  timer.unref();
}

export function stopHousekeeping() {
  clearInterval(timer);
  timer = undefined;
}
