import type { Executor } from "~/.server/db/client.server";
import { takeSlots } from "~/.server/rate-limit/rate-limit.server";

/**
 * Emails a member makes Cap send to addresses they typed — crew invitations, their resends and
 * 360 survey links — are bounded (issue 11, item 8): Cap must not become a way to flood or phish
 * someone. Per member and per recipient, over a day; the recipient's count is kept by address, so
 * removing and adding someone again does not reset it. Taken in the caller's transaction, so a
 * refused request queues nothing and parallel requests cannot overshoot.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const CREW_MAILS_PER_MEMBER_PER_DAY = 20;
export const CREW_MAILS_PER_RECIPIENT_PER_DAY = 3;

export async function takeCrewMailQuota(tx: Executor, memberId: string, recipients: string[]): Promise<boolean> {
  const slots = await takeSlots(
    [
      { bucket: "crew-mail-member", key: memberId, max: CREW_MAILS_PER_MEMBER_PER_DAY, windowMs: DAY_MS, cost: recipients.length },
      ...recipients.map((email) => ({
        bucket: "crew-mail-recipient",
        key: email.toLowerCase(),
        max: CREW_MAILS_PER_RECIPIENT_PER_DAY,
        windowMs: DAY_MS,
      })),
    ],
    tx,
  );
  return slots !== null;
}
