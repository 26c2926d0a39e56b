import { digestFor, digestNotification } from "./digest-content.server";
import { digestMail } from "./digest-mail.server";
import { dueDigestWeek } from "./digest-week.server";
import { type Round, runRound } from "./rounds.server";

/**
 * Each member's weekly digest, once a week at their day and hour: a round
 * (rounds.server.ts) whose period is the member's week, the Sunday starting it in their zone.
 */
export const digestRound: Round = {
  kind: "weeklyDigest",
  // A week is a Sunday no more than 8 days back in any zone.
  lookBackDays: 8,
  dueAt: (member, now) => dueDigestWeek(now, member, member.timeZone),
  async compose(member, _week, now) {
    const content = await digestFor(member, now);
    if (!content) return null;
    return (to) => digestMail(member.lang, to, { ...content, notification: digestNotification(member.id) });
  },
};

/** One pass: every member whose digest hour has come this week and who has not had it. */
export const sendDueDigests = (now = new Date()) => runRound(digestRound, now);
