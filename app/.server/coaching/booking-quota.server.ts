import type { Executor } from "~/.server/db/client.server";
import { DAY_MS } from "~/.server/calendar/days.server";
import { mailQuotaKey } from "~/.server/rate-limit/mail-quota-key.server";
import { type Limit, recordEvent, trySlots } from "~/.server/rate-limit/rate-limit.server";

/**
 * Every booking, move or cancellation a member makes mails them and the coach (issue 25 item 3):
 * a member booking and cancelling in a loop must not flood a coach's inbox. Per member, 20 changes
 * a day; per coach address (case and sub-addresses folded), 60 mails from members' changes a day —
 * a coach's day holds far fewer sessions. A cancellation is never refused (a member must always
 * be able to free a coach's time, and it needs a booking, which is bounded) but it counts.
 * Counted in the change's transaction: a refused or failed change leaves no slot taken.
 */
export const BOOKING_CHANGES_PER_MEMBER_PER_DAY = 20;
export const BOOKING_MAILS_PER_COACH_PER_DAY = 60;

export type BookingQuotaError = "tooManyChanges" | "coachTooManyChanges";

function limits(memberId: string, coachEmail: string): Limit[] {
  return [
    { bucket: "booking-change-member", key: memberId, max: BOOKING_CHANGES_PER_MEMBER_PER_DAY, windowMs: DAY_MS },
    {
      bucket: "booking-mail-coach",
      key: mailQuotaKey(coachEmail),
      max: BOOKING_MAILS_PER_COACH_PER_DAY,
      windowMs: DAY_MS,
    },
  ];
}

/** A booking or a move: its slot in both quotas, or the first one that is full. */
export async function takeBookingChange(
  tx: Executor,
  memberId: string,
  coachEmail: string,
): Promise<{ ok: true } | { ok: false; error: BookingQuotaError }> {
  const taken = await trySlots(limits(memberId, coachEmail), tx);
  if (taken.ok) return { ok: true };
  return { ok: false, error: taken.full.bucket === "booking-change-member" ? "tooManyChanges" : "coachTooManyChanges" };
}

/** A cancellation by the member: counted, never refused. */
export async function countCancellation(tx: Executor, memberId: string, coachEmail: string) {
  for (const { bucket, key } of limits(memberId, coachEmail)) await recordEvent(bucket, key, tx);
}
