import { localDay } from "~/.server/calendar/time-zones.server";
import { commitmentsOfDay } from "~/.server/space/commitment-weeks.server";
import { commitmentReminderMail } from "./commitment-reminder-mail.server";
import { atHour } from "./digest-week.server";
import { type Round, runRound } from "./rounds.server";
import { unsubscribePath } from "~/.server/mail/unsubscribe-links.server";

/**
 * The commitment reminder: on a day something is due, one mail at the member's
 * hour (the one they chose for the weekly digest, 8:00 by default) in their zone, or later that
 * day if no process ran then. A round (rounds.server.ts) whose period is the member's day.
 */

/** Titles listed; the rest is counted ("and 3 more"). */
const LISTED = 5;

/** The member's day whose reminder is due at `now`: today in their zone, from their hour on. */
export function dueReminderDay(now: Date, hour: number, timeZone: string): string | null {
  const today = localDay(now, timeZone);
  return now >= atHour(today, hour, timeZone) ? today : null;
}

export const commitmentReminderRound: Round = {
  kind: "commitmentReminders",
  // The member's day is at most one day behind UTC's, in any zone.
  lookBackDays: 2,
  dueAt: (member, now) => dueReminderDay(now, member.digestHour, member.timeZone),
  async compose(member, day) {
    const { due, late } = await commitmentsOfDay(member.id, day);
    if (due.length === 0) return null;
    const notification = {
      memberId: member.id,
      kind: "commitmentReminders",
      unsubscribe: unsubscribePath(member.id, "commitmentReminders"),
    };
    const vars = {
      firstname: member.firstname,
      day,
      due: due.slice(0, LISTED),
      moreDue: Math.max(0, due.length - LISTED),
      late,
      notification,
    };
    return (to) => commitmentReminderMail(member.lang, to, vars);
  },
};

/** One pass: every member whose hour has come today, who has something due and has not had today's reminder. */
export const sendDueCommitmentReminders = (now = new Date()) => runRound(commitmentReminderRound, now);
