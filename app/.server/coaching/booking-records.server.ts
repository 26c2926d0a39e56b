import { and, eq, type SQL } from "drizzle-orm";
import { type coaches, coachingBookings } from "~/.server/db/schema.server";
import type { Language } from "~/i18n/config";
import type { BookingQuotaError } from "~/.server/coaching/booking/booking-quota.server";

/** A coach's and a session's records, who books, and what a change of a session answers: shared by every part of coaching. */
export type Coach = typeof coaches.$inferSelect;
export type Booking = typeof coachingBookings.$inferSelect;
export type BookingWithCoach = Booking & { coach: Coach };

/**
 * Who books: the signed-in member, with what the emails need; `timeZone`, their own (their
 * profile's), in which the emails also give the time when the session was booked in another.
 */
export type Booker = {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  lang: Language;
  timeZone?: string;
};

/** Why a coach's session was cancelled: their words, their time off, or their retirement. */
export type CancelReason = { text: string | null; timeOff: boolean; retired?: boolean };

export type BookingError =
  | "coachUnknown"
  | "slotUnavailable"
  | "alreadyBooked"
  | "notFound"
  | "notChangeable"
  | "insideNotice"
  | BookingQuotaError;
export type BookingOutcome = { ok: true; booking: Booking } | { ok: false; error: BookingError; bookingId?: string };

/** Where a coach's (or a member's) confirmed sessions are, with what the caller adds: a time range, a date. */
export function confirmedSessionsOf(who: { coachId: string } | { memberId: string }, ...more: (SQL | undefined)[]) {
  const owner =
    "coachId" in who ? eq(coachingBookings.coachId, who.coachId) : eq(coachingBookings.memberId, who.memberId);
  return and(owner, eq(coachingBookings.status, "confirmed"), ...more);
}
