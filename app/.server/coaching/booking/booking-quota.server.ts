import type { Executor } from "~/.server/db/client.server";
import { DAY_MS } from "~/.server/calendar/days.server";
import { mailQuotaKey } from "~/.server/rate-limit/mail-quota-key.server";
import { countRecent, type Limit, recordEvent, trySlots } from "~/.server/rate-limit/rate-limit.server";

/**
 * Every booking, move or cancellation a member makes mails them and the coach:
 * a member booking and cancelling in a loop must not flood a coach's inbox. Per member, 20 changes
 * a day; per coach address (case and sub-addresses folded), 60 mails from members' changes a day —
 * a coach's day holds far fewer sessions. So that strangers filling a coach's quota cannot keep a
 * member from booking, a member's first change of the day with a coach is never refused by it
 * (it still counts). A cancellation is never refused (a member must always be able to free a
 * coach's time, and it needs a booking, which is bounded) but counts. Counted in the change's
 * transaction: a refused or failed change leaves no slot taken.
 */
export const BOOKING_CHANGES_PER_MEMBER_PER_DAY = 20;
export const BOOKING_MAILS_PER_COACH_PER_DAY = 60;

export type BookingQuotaError = "tooManyChanges" | "coachTooManyChanges";

const UNBOUNDED = Number.MAX_SAFE_INTEGER;

function limits(memberId: string, coachEmail: string) {
  const coachKey = mailQuotaKey(coachEmail);
  return {
    member: {
      bucket: "booking-change-member",
      key: memberId,
      max: BOOKING_CHANGES_PER_MEMBER_PER_DAY,
      windowMs: DAY_MS,
    },
    coach: { bucket: "booking-mail-coach", key: coachKey, max: BOOKING_MAILS_PER_COACH_PER_DAY, windowMs: DAY_MS },
    // Only read, to know a member's first change of the day with this coach.
    pair: { bucket: "booking-change-pair", key: `${memberId} ${coachKey}`, max: UNBOUNDED, windowMs: DAY_MS },
  } satisfies Record<string, Limit>;
}

/**
 * A booking or a move: its slot in the quotas, or the first one that is full. The caller holds the
 * member's lock (their row, or their session's), so their first change with the coach is known.
 */
export async function takeBookingChange(
  tx: Executor,
  memberId: string,
  coachEmail: string,
): Promise<{ ok: true } | { ok: false; error: BookingQuotaError }> {
  const { member, coach, pair } = limits(memberId, coachEmail);
  const first = (await countRecent(pair.bucket, pair.key, pair.windowMs, tx)) === 0;
  const taken = await trySlots(first ? [member, pair] : [member, coach, pair], tx);
  if (!taken.ok) return { ok: false, error: taken.full === member ? "tooManyChanges" : "coachTooManyChanges" };
  if (first) await recordEvent(coach.bucket, coach.key, tx);
  return { ok: true };
}

/** A cancellation by the member: counted, never refused. */
export async function countCancellation(tx: Executor, memberId: string, coachEmail: string) {
  for (const { bucket, key } of Object.values(limits(memberId, coachEmail))) await recordEvent(bucket, key, tx);
}
