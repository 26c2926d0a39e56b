import { and, eq, type SQL } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { violatesConstraint } from "~/.server/db/errors.server";
import { coachingBookings } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { randomToken, sha256 } from "~/.server/secrets/tokens.server";
import type { BookingOutcome } from "../booking-records.server";
import { sessionMails } from "../sessions/session-mails.server";
import { NO_OVERLAP } from "./book.server";
import { takeBookingChange } from "./booking-quota.server";
import { changeableSession, type MovedBy, type SessionAudit } from "./changeable-session.server";
import { freeTimeOf, scheduleOf, stillOffered } from "./free-times.server";
import { blockedUntil } from "./slots.server";

/**
 * Moves a session (the one `where` finds, locked) to another free time of the same coach, checked
 * as a booking is; both are told with the updated invitation (same UID, SEQUENCE + 1) and the
 * reminders are planned again. `audit` runs in the same transaction, given the session before and after.
 */
async function move(
  where: SQL | undefined,
  input: { start: Date; timeZone?: string },
  by: MovedBy,
  now: Date,
  audit?: SessionAudit,
): Promise<BookingOutcome> {
  try {
    return await db().transaction(async (tx): Promise<BookingOutcome> => {
      const found = await changeableSession(tx, where, now, by === "member");
      if (!found.ok) return found;
      const { booking, coach } = found;
      if (!(await stillOffered(tx, coach, input.start, now, booking.id)))
        return { ok: false, error: "slotUnavailable" };
      // The member's own moves count in their quotas; a coach moving their sessions is Cap's own staff.
      if (by === "member") {
        const quota = await takeBookingChange(tx, found.member.id, coach.email);
        if (!quota.ok) return quota;
      }
      const coachToken = randomToken();
      const [moved] = await tx
        .update(coachingBookings)
        .set({
          startsAt: input.start,
          endsAt: new Date(input.start.getTime() + coach.sessionMinutes * 60_000),
          blockedUntil: blockedUntil(scheduleOf(coach), input.start),
          timeZone: input.timeZone ?? booking.timeZone,
          sequence: booking.sequence + 1,
          coachTokenHash: sha256(coachToken),
          updatedAt: now,
        })
        .where(eq(coachingBookings.id, booking.id))
        .returning();
      const reminderMailIds = await sessionMails(
        tx,
        "rescheduled",
        { booking: moved, previous: booking, coach, member: found.member, coachToken, movedBy: by },
        now,
      );
      const [saved] = await tx
        .update(coachingBookings)
        .set({ reminderMailIds })
        .where(eq(coachingBookings.id, booking.id))
        .returning();
      await audit?.(tx, { before: booking, after: saved, member: found.member });
      await freeTimeOf(tx, coach, booking, now);
      return { ok: true, booking: saved };
    });
  } catch (error) {
    if (violatesConstraint(error, NO_OVERLAP)) return { ok: false, error: "slotUnavailable" };
    throw error;
  }
}

/** Moves the member's session to another free time of the same coach; both are told. */
export function rescheduleSession(
  memberId: string,
  bookingId: string,
  input: { start: Date; timeZone: string },
  now = new Date(),
): Promise<BookingOutcome> {
  if (!isUuid(bookingId)) return Promise.resolve<BookingOutcome>({ ok: false, error: "notFound" });
  return move(and(eq(coachingBookings.id, bookingId), eq(coachingBookings.memberId, memberId)), input, "member", now);
}

/**
 * The coach moves one of their sessions (anyone else's id: notFound) to another of their free
 * times; the member keeps their zone, gets the updated invitation and may refuse by cancelling.
 */
export function moveSessionOfCoach(
  coachId: string,
  bookingId: string,
  start: Date,
  options: {
    now?: Date;
    audit?: SessionAudit;
  } = {},
): Promise<BookingOutcome> {
  if (!isUuid(bookingId)) return Promise.resolve<BookingOutcome>({ ok: false, error: "notFound" });
  return move(
    and(eq(coachingBookings.id, bookingId), eq(coachingBookings.coachId, coachId)),
    { start },
    "coach",
    options.now ?? new Date(),
    options.audit,
  );
}
