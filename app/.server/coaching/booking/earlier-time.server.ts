import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { refusals } from "~/.server/contract/refusal-table.server";
import { db } from "~/.server/db/client.server";
import { coaches, coachingBookings, coachingEarlierTimeWaits } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import type { BookingOutcome, BookingWithCoach } from "../booking-records.server";
import { freeSlotsOf } from "./free-times.server";
import { rescheduleSession } from "./moves.server";
import { sessionOf } from "../sessions/member-sessions.server";
import { isInsideNotice } from "./change-notice.server";
import { bookingRefusals } from "../contract.server";
import { readEarlierTimeToken } from "./earlier-time-offers.server";

/**
 * "Tell me if an earlier time frees up", the member's side: their upcoming
 * session waits (one wait per session, until it is cancelled or moved, or they stop it), and the
 * link of the mail (earlier-time-offers.server.ts) moves it to the freed time in one step — the
 * member's own reschedule, so the time is checked and the database's no-overlap guarantee holds.
 */

/** The session page's form: wait, or stop waiting. */
export const waitSchema = z.object({
  intent: z.enum(["waitEarlier", "stopWaitingEarlier"], {
    errorMap: () => ({ message: "common:error.unknownIntent" }),
  }),
});

/** The offer's page: one button, intent "takeEarlier". */
export const takeSchema = z.object({
  intent: z.literal("takeEarlier", { errorMap: () => ({ message: "common:error.unknownIntent" }) }),
});

export type EarlierTimeError = "expired";

/** A move refused as any reschedule is; the freed time taken first, or an offer that no longer stands. */
export const earlierTimeRefusals = {
  ...bookingRefusals,
  ...refusals("coaching", {
    slotUnavailable: { status: 409, field: null, message: "earlier.errors.taken" },
    expired: { status: 409, field: null, message: "earlier.errors.expired" },
  }),
};

type WaitOutcome =
  | { ok: true }
  | { ok: false; error: "notFound" | "notChangeable" | "insideNotice"; bookingId?: string };

/**
 * The member's session starts waiting for an earlier time (`wait`), or stops. Only an upcoming
 * confirmed session the member may still move (before the coach's notice) can wait; stopping is
 * always possible. Asking twice changes nothing.
 */
export function waitForEarlierTime(
  memberId: string,
  bookingId: string,
  wait: boolean,
  now = new Date(),
): Promise<WaitOutcome> {
  if (!isUuid(bookingId)) return Promise.resolve<WaitOutcome>({ ok: false, error: "notFound" });
  return db().transaction(async (tx): Promise<WaitOutcome> => {
    // The session's row is locked: a cancellation or a move in flight leaves no wait behind.
    const [row] = await tx
      .select()
      .from(coachingBookings)
      .innerJoin(coaches, eq(coaches.id, coachingBookings.coachId))
      .where(and(eq(coachingBookings.id, bookingId), eq(coachingBookings.memberId, memberId)))
      .for("update", { of: coachingBookings });
    if (!row) return { ok: false, error: "notFound" };
    if (!wait) {
      await tx.delete(coachingEarlierTimeWaits).where(eq(coachingEarlierTimeWaits.bookingId, bookingId));
      return { ok: true };
    }
    const session = row.coaching_bookings;
    if (session.status !== "confirmed" || session.startsAt <= now) return { ok: false, error: "notChangeable" };
    if (isInsideNotice(session, row.coaches, now)) return { ok: false, error: "insideNotice", bookingId };
    await tx.insert(coachingEarlierTimeWaits).values({ bookingId }).onConflictDoNothing();
    return { ok: true };
  });
}

/** Whether the session waits for an earlier time. */
export async function isWaitingEarlier(bookingId: string): Promise<boolean> {
  const [row] = await db()
    .select({ bookingId: coachingEarlierTimeWaits.bookingId })
    .from(coachingEarlierTimeWaits)
    .where(eq(coachingEarlierTimeWaits.bookingId, bookingId));
  return row !== undefined;
}

/**
 * An offer stands while the session waits (not cancelled, not moved since, the member did not stop
 * it), the time is still ahead and earlier than the session, and the coach's notice has not begun.
 */
async function offerStands(session: BookingWithCoach, start: Date, now: Date) {
  return (
    session.status === "confirmed" &&
    start > now &&
    start < session.startsAt &&
    !isInsideNotice(session, session.coach, now) &&
    (await isWaitingEarlier(session.id))
  );
}

/** What the link offers, as its page shows it: `free` to take, `taken` (or no longer bookable), `expired`. */
export type EarlierOffer = {
  session: BookingWithCoach;
  start: Date;
  end: Date;
  state: "free" | "taken" | "expired";
};

/** The offer of a mail's link to the member's session; null when the link or the session is not theirs. */
export async function earlierTimeOffer(
  memberId: string,
  bookingId: string,
  token: string,
  now = new Date(),
): Promise<EarlierOffer | null> {
  const start = readEarlierTimeToken(bookingId, token);
  if (!start) return null;
  const session = await sessionOf(memberId, bookingId);
  if (!session) return null;
  const end = new Date(start.getTime() + session.coach.sessionMinutes * 60_000);
  if (!(await offerStands(session, start, now))) return { session, start, end, state: "expired" };
  // The member's own session is left out: the time may touch it.
  const free = await freeSlotsOf(session.coach, start, new Date(start.getTime() + 1), {
    now,
    exceptBookingId: session.id,
  });
  return {
    session,
    start,
    end,
    state: free.some((slot) => slot.start.getTime() === start.getTime()) ? "free" : "taken",
  };
}

/**
 * The link's one step: the member's session moves to the offered time if the offer stands and the
 * time is still free (else `slotUnavailable`: someone took it first), in the session's zone.
 */
export async function takeEarlierTime(
  memberId: string,
  bookingId: string,
  token: string,
  now = new Date(),
): Promise<BookingOutcome | { ok: false; error: EarlierTimeError }> {
  const start = readEarlierTimeToken(bookingId, token);
  if (!start) return { ok: false, error: "notFound" };
  const session = await sessionOf(memberId, bookingId);
  if (!session) return { ok: false, error: "notFound" };
  if (!(await offerStands(session, start, now))) return { ok: false, error: "expired" };
  return rescheduleSession(memberId, bookingId, { start, timeZone: session.timeZone }, now);
}
