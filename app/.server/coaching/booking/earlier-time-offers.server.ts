import { eq, gt } from "drizzle-orm";
import type { Transaction } from "~/.server/db/client.server";
import { appUsers, coachingBookings, coachingEarlierTimeWaits } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { identity } from "~/.server/identity/identity-service.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { DAY_MS } from "~/.server/calendar/days.server";
import { trySlots } from "~/.server/rate-limit/rate-limit.server";
import { isSignedFor, signatureFor } from "~/.server/secrets/tokens.server";
import { type Coach, confirmedSessionsOf } from "../booking-records.server";
import { isInsideNotice } from "./change-notice.server";
import { earlierTimeMail } from "../sessions/mail-templates.server";

/**
 * "Tell me if an earlier time frees up", inside the booking service's
 * transactions: a session that is cancelled or moved stops waiting, and the time it leaves, when
 * members may book it, is mailed to every member whose session with that coach waits and is later
 * — first come, first served (the move itself is the member's reschedule, checked as any booking).
 * How many such mails go is bounded by what frees a time: each needs a booking, and bookings and
 * changes have their quotas (booking-quota.server.ts); and a session waiting gets at most
 * EARLIER_TIME_OFFERS_PER_DAY of them in a day, however often a time is taken and freed again.
 *
 * The mail's link: /coaching/sessions/{id}/earlier/{start}.{HMAC}, signed under a key of its own
 * derived from SESSION_SECRET, so it names one session and one time and cannot be made for
 * another; its page is the session's member's only (anyone else: 404).
 */
const PURPOSE = "earlier-time";

export const EARLIER_TIME_OFFERS_PER_DAY = 3;

export function earlierTimePath(bookingId: string, start: Date): string {
  const payload = `${bookingId}.${start.getTime()}`;
  return `/coaching/sessions/${bookingId}/earlier/${start.getTime()}.${signatureFor(PURPOSE, payload)}`;
}

/** The time a link's token offers for the session, or null when the token is not one of ours. */
export function readEarlierTimeToken(bookingId: string, token: string): Date | null {
  // An instant in milliseconds, then a base64url SHA-256: anything else is not worth an HMAC.
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match || !isUuid(bookingId)) return null;
  return isSignedFor(PURPOSE, `${bookingId}.${match[1]}`, match[2]) ? new Date(Number(match[1])) : null;
}

/** The session no longer waits (it was cancelled or moved, or its member said so). */
export async function stopWaitingIn(tx: Transaction, bookingId: string) {
  await tx.delete(coachingEarlierTimeWaits).where(eq(coachingEarlierTimeWaits.bookingId, bookingId));
}

/**
 * The coach's time `freed` was just left: each member whose confirmed session with the coach
 * waits, starts later and is still theirs to move (before the coach's notice) gets one mail, in
 * the session's language and time zone. `stillFree` says whether members may book the time now
 * (asked only when someone waits).
 */
export async function offerEarlierTime(
  tx: Transaction,
  coach: Coach,
  freed: { start: Date; end: Date },
  now: Date,
  stillFree: () => Promise<boolean>,
) {
  const waiting = await tx
    .select({ booking: coachingBookings, identityId: appUsers.identityId, firstname: appUsers.firstname })
    .from(coachingEarlierTimeWaits)
    .innerJoin(coachingBookings, eq(coachingBookings.id, coachingEarlierTimeWaits.bookingId))
    .innerJoin(appUsers, eq(appUsers.id, coachingBookings.memberId))
    .where(confirmedSessionsOf({ coachId: coach.id }, gt(coachingBookings.startsAt, freed.start)));
  const movable = waiting.filter(({ booking }) => !isInsideNotice(booking, coach, now));
  if (movable.length === 0 || !(await stillFree())) return;
  for (const { booking, identityId, firstname } of movable) {
    const email = await identity().emailOf(identityId, tx);
    if (!email) continue;
    const offers = {
      bucket: "earlier-time-offer",
      key: booking.id,
      max: EARLIER_TIME_OFFERS_PER_DAY,
      windowMs: DAY_MS,
    };
    if (!(await trySlots([offers], tx)).ok) continue;
    await queueMail(
      tx,
      earlierTimeMail(booking.lang, email, {
        firstname,
        withName: coach.name,
        startsAt: freed.start.toISOString(),
        endsAt: freed.end.toISOString(),
        current: { startsAt: booking.startsAt.toISOString(), endsAt: booking.endsAt.toISOString() },
        timeZone: booking.timeZone,
        takeLink: earlierTimePath(booking.id, freed.start),
        manageLink: `/coaching/sessions/${booking.id}`,
      }),
    );
  }
}
