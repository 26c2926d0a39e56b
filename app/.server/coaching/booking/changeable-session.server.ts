import { eq, type SQL } from "drizzle-orm";
import { DEFAULT_TIME_ZONE } from "~/.server/calendar/days.server";
import { isTimeZone } from "~/.server/calendar/time-zones.server";
import type { Executor, Transaction } from "~/.server/db/client.server";
import { appUsers, coaches, coachingBookings } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import type { Booker, Booking } from "../booking-records.server";
import { isInsideNotice } from "./change-notice.server";

/** A member's own zone as saved (none yet: Paris's, as their pages show). */
function ownZone(saved: string | null): string {
  return saved && isTimeZone(saved) ? saved : DEFAULT_TIME_ZONE;
}

/**
 * The session locked for a change, if it is confirmed and has not started; a change the member
 * asks for themselves (`byMember`) also waits for the coach's notice not to have begun.
 */
export async function changeableSession(executor: Executor, where: SQL | undefined, now: Date, byMember = false) {
  const [row] = await executor
    .select()
    .from(coachingBookings)
    .innerJoin(coaches, eq(coaches.id, coachingBookings.coachId))
    .innerJoin(appUsers, eq(appUsers.id, coachingBookings.memberId))
    .where(where)
    .for("update", { of: coachingBookings });
  if (!row) return { ok: false as const, error: "notFound" as const };
  const booking = row.coaching_bookings;
  if (booking.status !== "confirmed" || booking.startsAt <= now)
    return { ok: false as const, error: "notChangeable" as const };
  if (byMember && isInsideNotice(booking, row.coaches, now))
    return { ok: false as const, error: "insideNotice" as const, bookingId: booking.id };
  const { id, firstname, lastname, identityId, timeZone } = row.app_users;
  // The address lives with the identity (in Kratos under the Ory adapter), not in our tables.
  const email = await identity().emailOf(identityId, executor);
  if (!email) return { ok: false as const, error: "notFound" as const };
  const member: Booker = { id, firstname, lastname, email, lang: booking.lang, timeZone: ownZone(timeZone) };
  return { ok: true as const, booking, coach: row.coaches, member };
}

/** Who moved a session: the member (their own), or the coach (the member may refuse by cancelling). */
export type MovedBy = "member" | "coach";

/** Writes a coach's change of a session to the audit log, in the change's transaction. */
export type SessionAudit = (
  tx: Transaction,
  change: { before: Booking; after: Booking; member: Booker },
) => Promise<void>;
