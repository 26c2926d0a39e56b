import { and, eq, gte, sql } from "drizzle-orm";
import { addDays, DEFAULT_TIME_ZONE } from "~/.server/calendar/days.server";
import { isTimeZone } from "~/.server/calendar/time-zones.server";
import { env } from "~/.server/config/env.server";
import { db } from "~/.server/db/client.server";
import { appUsers, notificationRounds, notificationSettings } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { type OutgoingMail, queueMail } from "~/.server/mail/outbox.server";
import { logger } from "~/.server/observability/logger.server";
import { notificationOutcomes, notificationsDue } from "~/.server/observability/metrics.server";
import { isLanguage, type Language } from "~/i18n/config";
import { DEFAULT_SETTINGS } from "./settings.server";

/**
 * Notifications that go once per member and period, at the member's hour: the weekly
 * digest (once a week) and the commitment reminder (once a day). Every app process runs their
 * passes every DIGEST_EVERY_MS; what makes one go once however many passes look at the same
 * member, and across restarts, is its notification_rounds row (member, kind, period): inserted in
 * the same transaction as its outbox message, and only by the pass whose insert took it. The
 * outbox then delivers that message exactly once.
 */
export type RoundKind = (typeof notificationRounds.kind.enumValues)[number];

export type RoundMember = {
  id: string;
  identityId: string;
  firstname: string;
  lang: Language;
  timeZone: string;
  /** The weekly digest's day and hour in the member's zone (defaults filled in); the hour is the reminders' too. */
  digestDay: number;
  digestHour: number;
};

export type Round = {
  kind: RoundKind;
  /** How many days before today (UTC) a period may start: older rows are not read by a pass. */
  lookBackDays: number;
  /** The member's period (a day) whose notification is due at `now`, or null when none is. */
  dueAt(member: RoundMember, now: Date): string | null;
  /** The mail of `period`, given its address; null when there is nothing to say (nothing goes then). */
  compose(member: RoundMember, period: string, now: Date): Promise<((to: string) => OutgoingMail) | null>;
};

type Outcome = "sent" | "skipped" | "taken" | "failed";

/** Members who want `round`'s kind (no settings: its default), and the periods they already had. */
async function candidates(round: Round, now: Date) {
  const wanted = notificationSettings[round.kind];
  const [rows, recent] = await Promise.all([
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
      // A constant of ours (true or false), never a caller's input.
      .where(sql`coalesce(${wanted}, ${sql.raw(String(DEFAULT_SETTINGS[round.kind]))})`),
    db()
      .select({ memberId: notificationRounds.memberId, period: notificationRounds.period })
      .from(notificationRounds)
      .where(
        and(
          eq(notificationRounds.kind, round.kind),
          gte(notificationRounds.period, addDays(now.toISOString().slice(0, 10), -round.lookBackDays)),
        ),
      ),
  ]);
  const members: RoundMember[] = rows.map((row) => ({
    ...row,
    lang: isLanguage(row.lang) ? row.lang : "fr",
    timeZone: row.timeZone && isTimeZone(row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE,
    digestDay: row.digestDay ?? DEFAULT_SETTINGS.digestDay,
    digestHour: row.digestHour ?? DEFAULT_SETTINGS.digestHour,
  }));
  return { members, done: new Set(recent.map(({ memberId, period }) => `${memberId} ${period}`)) };
}

/** Decides one member's notification of `period`: queued with its row, or the row alone when there is nothing to say. */
async function decide(round: Round, member: RoundMember, period: string, now: Date): Promise<Outcome> {
  const compose = await round.compose(member, period, now);
  const to = compose ? await identity().emailOf(member.identityId) : null;
  const row = { memberId: member.id, kind: round.kind, period };
  return db().transaction(async (tx) => {
    const [taken] = await tx
      .insert(notificationRounds)
      .values(row)
      .onConflictDoNothing()
      .returning({ memberId: notificationRounds.memberId });
    // Another process decided this period's notification first.
    if (!taken) return "taken";
    if (!compose || !to) return "skipped";
    const mailId = await queueMail(tx, compose(to));
    await tx
      .update(notificationRounds)
      .set({ mailId })
      .where(
        and(
          eq(notificationRounds.memberId, row.memberId),
          eq(notificationRounds.kind, row.kind),
          eq(notificationRounds.period, row.period),
        ),
      );
    return "sent";
  });
}

/** One pass of `round`: every member whose hour has come in a period they have not had it for. */
export async function runRound(round: Round, now = new Date()) {
  const counts = { sent: 0, skipped: 0, failed: 0 };
  const { members, done } = await candidates(round, now);
  notificationsDue.set(
    { round: round.kind },
    members.filter((member) => {
      const period = round.dueAt(member, now);
      return period && !done.has(`${member.id} ${period}`);
    }).length,
  );
  for (const member of members) {
    const period = round.dueAt(member, now);
    if (!period || done.has(`${member.id} ${period}`)) continue;
    // One member's trouble (their identity out of reach) leaves the others' notifications going.
    const outcome = await decide(round, member, period, now).catch((error: Error) => {
      logger.warn(
        { member: member.id, kind: round.kind, error: error.message },
        "a notification failed; tried again next pass",
      );
      return "failed" as const;
    });
    if (outcome !== "taken") {
      counts[outcome]++;
      notificationOutcomes.inc({ round: round.kind, outcome });
    }
  }
  return counts;
}

type Loop = { timer?: NodeJS.Timeout; pass?: Promise<void> };
let loop: Loop | undefined;

/** Runs a pass of each round every DIGEST_EVERY_MS in the background (does not keep the process alive). */
export function startRounds(rounds: Round[]) {
  if (loop) return;
  const state: Loop = {};
  loop = state;
  const pass = async () => {
    for (const round of rounds)
      await runRound(round).catch((error: Error) =>
        logger.warn({ kind: round.kind, error: error.message }, "a notifications' pass failed; next one soon"),
      );
  };
  const run = async () => {
    state.pass = pass();
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
export async function stopRounds() {
  const state = loop;
  if (!state) return;
  loop = undefined;
  clearTimeout(state.timer);
  await state.pass;
}
