import { and, eq, gte, sql } from "drizzle-orm";
import { addDays, DEFAULT_TIME_ZONE } from "~/.server/calendar/days.server";
import { isTimeZone } from "~/.server/calendar/time-zones.server";
import { env } from "~/.server/config/env.server";
import { db } from "~/.server/db/client.server";
import { appUsers, notificationSettings, weeklyDigests } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { logger } from "~/.server/observability/logger.server";
import { isLanguage } from "~/i18n/config";
import { digestFor, digestNotification } from "./digest-content.server";
import { digestMail } from "./digest-mail.server";
import { dueDigestWeek } from "./digest-week.server";
import { DEFAULT_SETTINGS } from "./settings.server";

/**
 * Sends each member's weekly digest once a week at their hour (issue 28, item 4). Every app
 * process runs this pass every DIGEST_EVERY_MS; what makes a digest go once however many of them
 * look at the same member, and across restarts, is the weekly_digests row (member, week): it is
 * inserted in the same transaction as the digest's outbox message, and only by the pass whose
 * insert took it. The outbox then delivers that message exactly once.
 */
type Candidate = {
  id: string;
  identityId: string;
  firstname: string;
  lang: string;
  timeZone: string | null;
  digestDay: number | null;
  digestHour: number | null;
};

/** Members whose digest is on (no settings: on), and the weeks they already had one recently. */
async function candidates(now: Date) {
  const [members, recent] = await Promise.all([
    db()
      .select({
        id: appUsers.id,
        identityId: appUsers.identityId,
        firstname: appUsers.firstname,
        lang: appUsers.lang,
        timeZone: appUsers.timeZone,
        digestDay: notificationSettings.digestDay,
        digestHour: notificationSettings.digestHour,
      })
      .from(appUsers)
      .leftJoin(notificationSettings, eq(notificationSettings.memberId, appUsers.id))
      .where(sql`coalesce(${notificationSettings.weeklyDigest}, true)`),
    db()
      .select({ memberId: weeklyDigests.memberId, week: weeklyDigests.week })
      // A week is a Sunday no more than 8 days back in any zone.
      .from(weeklyDigests)
      .where(gte(weeklyDigests.week, addDays(now.toISOString().slice(0, 10), -8))),
  ]);
  const done = new Set(recent.map(({ memberId, week }) => `${memberId} ${week}`));
  return { members, done };
}

/** Decides one member's digest of `week`: queued with its row, or the row alone when there is nothing to say. */
async function decide(
  member: Candidate,
  week: string,
  timeZone: string,
  now: Date,
): Promise<"sent" | "skipped" | "taken"> {
  const lang = isLanguage(member.lang) ? member.lang : "fr";
  const content = await digestFor({ id: member.id, firstname: member.firstname, lang, timeZone }, now);
  const to = content ? await identity().emailOf(member.identityId) : null;
  return db().transaction(async (tx) => {
    const [taken] = await tx
      .insert(weeklyDigests)
      .values({ memberId: member.id, week })
      .onConflictDoNothing()
      .returning({ memberId: weeklyDigests.memberId });
    // Another process decided this week's digest first.
    if (!taken) return "taken" as const;
    if (!content || !to) return "skipped" as const;
    const mailId = await queueMail(
      tx,
      digestMail(lang, to, { ...content, notification: digestNotification(member.id) }),
    );
    await tx
      .update(weeklyDigests)
      .set({ mailId })
      .where(and(eq(weeklyDigests.memberId, member.id), eq(weeklyDigests.week, week)));
    return "sent" as const;
  });
}

/** One pass: every member whose digest hour has come this week and who has not had it. */
export async function sendDueDigests(now = new Date()) {
  const counts = { sent: 0, skipped: 0, failed: 0 };
  const { members, done } = await candidates(now);
  for (const member of members) {
    const timeZone = member.timeZone && isTimeZone(member.timeZone) ? member.timeZone : DEFAULT_TIME_ZONE;
    const when = {
      digestDay: member.digestDay ?? DEFAULT_SETTINGS.digestDay,
      digestHour: member.digestHour ?? DEFAULT_SETTINGS.digestHour,
    };
    const week = dueDigestWeek(now, when, timeZone);
    if (!week || done.has(`${member.id} ${week}`)) continue;
    // One member's trouble (their identity out of reach) leaves the others' digests going.
    const outcome = await decide(member, week, timeZone, now).catch((error: Error) => {
      logger.warn({ member: member.id, error: error.message }, "a weekly digest failed; tried again next pass");
      return "failed" as const;
    });
    if (outcome !== "taken") counts[outcome]++;
  }
  return counts;
}

type Loop = { timer?: NodeJS.Timeout; pass?: Promise<void> };
let loop: Loop | undefined;

/** Runs a pass every DIGEST_EVERY_MS in the background (does not keep the process alive). */
export function startDigests() {
  if (loop) return;
  const state: Loop = {};
  loop = state;
  const run = async () => {
    state.pass = sendDueDigests().then(
      () => undefined,
      (error: Error) => logger.warn({ error: error.message }, "the weekly digests' pass failed; next one soon"),
    );
    await state.pass;
    if (loop === state) schedule();
  };
  const schedule = () => {
    state.timer = setTimeout(run, env().DIGEST_EVERY_MS);
    state.timer.unref();
  };
  schedule();
}

/** Stops the loop and waits for a pass in progress (its transactions commit or roll back whole). */
export async function stopDigests() {
  const state = loop;
  if (!state) return;
  loop = undefined;
  clearTimeout(state.timer);
  await state.pass;
}
