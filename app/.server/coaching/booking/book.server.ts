import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { env } from "~/.server/config/env.server";
import { db, type Executor } from "~/.server/db/client.server";
import { violatesConstraint } from "~/.server/db/errors.server";
import { appUsers, coachingBookings } from "~/.server/db/schema.server";
import { randomToken, sha256 } from "~/.server/secrets/tokens.server";
import type { Booker, BookingOutcome, Coach } from "../booking-records.server";
import { sessionMails } from "../sessions/session-mails.server";
import { takeBookingChange } from "./booking-quota.server";
import { coachOf, scheduleOf, stillOffered } from "./free-times.server";
import { blockedUntil } from "./slots.server";

/**
 * Discovery sessions: booking, rescheduling and cancelling, each in one transaction with the
 * emails it causes (outbox), so a session never exists without its confirmation and vice versa.
 * Two sessions of one coach cannot overlap: the database refuses it (constraint
 * coaching_bookings_no_overlap), which settles requests that arrive at the same moment.
 */
/** The database's name for the rule that a coach's sessions do not overlap. */
export const NO_OVERLAP = "coaching_bookings_no_overlap";

/**
 * A web-conference room of its own for each session: the coach's own template,
 * else VIDEO_MEETING_URL_TEMPLATE, else a Jitsi Meet room.
 */
function meetingUrl(coach: Coach): string {
  const room = `cap-${randomBytes(12).toString("hex")}`;
  const template = coach.meetingUrlTemplate ?? env().VIDEO_MEETING_URL_TEMPLATE ?? "https://meet.jit.si/{room}";
  return template.replace("{room}", room);
}

/** The member's confirmed session with the coach that has not ended yet, if any. */
export async function upcomingSessionWith(
  memberId: string,
  coachId: string,
  now = new Date(),
  executor: Executor = db(),
) {
  const [session] = await executor
    .select()
    .from(coachingBookings)
    .where(
      and(
        eq(coachingBookings.memberId, memberId),
        eq(coachingBookings.coachId, coachId),
        eq(coachingBookings.status, "confirmed"),
        gt(coachingBookings.endsAt, now),
      ),
    );
  return session ?? null;
}

/** Books `start` with the coach for the member; one upcoming session per coach and member. */
export async function bookSession(
  member: Booker,
  input: { coachSlug: string; start: Date; timeZone: string; fromPath: string | null },
  now = new Date(),
): Promise<BookingOutcome> {
  const coach = await coachOf(input.coachSlug);
  if (!coach) return { ok: false, error: "coachUnknown" };
  try {
    return await db().transaction(async (tx): Promise<BookingOutcome> => {
      // One member's requests queue here, so two clicks cannot book two sessions with one coach.
      await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.id, member.id)).for("update");
      const upcoming = await upcomingSessionWith(member.id, coach.id, now, tx);
      if (upcoming) return { ok: false, error: "alreadyBooked", bookingId: upcoming.id };
      if (!(await stillOffered(tx, coach, input.start, now))) return { ok: false, error: "slotUnavailable" };
      const quota = await takeBookingChange(tx, member.id, coach.email);
      if (!quota.ok) return quota;

      const coachToken = randomToken();
      const [booking] = await tx
        .insert(coachingBookings)
        .values({
          memberId: member.id,
          coachId: coach.id,
          startsAt: input.start,
          endsAt: new Date(input.start.getTime() + coach.sessionMinutes * 60_000),
          blockedUntil: blockedUntil(scheduleOf(coach), input.start),
          timeZone: input.timeZone,
          lang: member.lang,
          meetingUrl: meetingUrl(coach),
          coachTokenHash: sha256(coachToken),
          fromPath: input.fromPath,
        })
        .returning();
      const reminderMailIds = await sessionMails(tx, "confirmed", { booking, coach, member, coachToken }, now);
      const [saved] = await tx
        .update(coachingBookings)
        .set({ reminderMailIds })
        .where(eq(coachingBookings.id, booking.id))
        .returning();
      return { ok: true, booking: saved };
    });
  } catch (error) {
    // Another request took an overlapping time between our check and our insert.
    if (violatesConstraint(error, NO_OVERLAP)) return { ok: false, error: "slotUnavailable" };
    throw error;
  }
}
