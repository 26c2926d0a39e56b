import { and, eq, gt, lt, type SQL } from "drizzle-orm";
import { db, type Transaction } from "~/.server/db/client.server";
import { coachingBookings } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { sha256 } from "~/.server/secrets/tokens.server";
import { type BookingOutcome, type CancelReason, confirmedSessionsOf } from "../booking-records.server";
import { sessionMails } from "../sessions/session-mails.server";
import { countCancellation } from "./booking-quota.server";
import { changeableSession, type SessionAudit } from "./changeable-session.server";
import { freeTimeOf } from "./free-times.server";

/**
 * Cancelling sessions: by the member, by the coach (their link, their agenda, their time off,
 * their retirement) and before a member's account goes; each member and coach told, the freed
 * time offered to those who wait for an earlier one unless the coach took it.
 */
async function cancelIn(
  tx: Transaction,
  where: SQL | undefined,
  by: "member" | "coach",
  now: Date,
  reason: CancelReason | null = null,
  audit?: SessionAudit,
  // The member's own request (not their account's deletion) waits for the coach's notice.
  askedByMember = false,
): Promise<BookingOutcome> {
  const found = await changeableSession(tx, where, now, askedByMember);
  if (!found.ok) return found;
  const { booking, coach } = found;
  if (by === "member") await countCancellation(tx, found.member.id, coach.email);
  const [cancelled] = await tx
    .update(coachingBookings)
    .set({
      status: "cancelled",
      cancelledAt: now,
      cancelledBy: by,
      sequence: booking.sequence + 1,
      reminderMailIds: [],
      updatedAt: now,
    })
    .where(eq(coachingBookings.id, booking.id))
    .returning();
  await sessionMails(
    tx,
    "cancelled",
    { booking: cancelled, previous: booking, coach, member: found.member, coachToken: null, reason },
    now,
  );
  await audit?.(tx, { before: booking, after: cancelled, member: found.member });
  // The coach's time off or retirement takes the time: no one is offered it.
  await freeTimeOf(tx, coach, booking, now, !reason?.timeOff && !reason?.retired);
  return { ok: true, booking: cancelled };
}

function cancel(where: SQL | undefined, by: "member" | "coach", now: Date): Promise<BookingOutcome> {
  return db().transaction((tx) => cancelIn(tx, where, by, now, null, undefined, by === "member"));
}

/** The confirmed sessions of a coach or member that have not started yet (and match `more`). */
function notStartedIds(
  tx: Transaction,
  who: Parameters<typeof confirmedSessionsOf>[0],
  now: Date,
  ...more: Parameters<typeof confirmedSessionsOf>[1][]
) {
  return tx
    .select({ id: coachingBookings.id })
    .from(coachingBookings)
    .where(confirmedSessionsOf(who, gt(coachingBookings.startsAt, now), ...more));
}

/**
 * Before an account is deleted (in its transaction): its upcoming sessions are cancelled, so each
 * coach is told and the times are free again.
 */
export async function cancelSessionsOfDeparting(tx: Transaction, memberId: string, now = new Date()) {
  const upcoming = await notStartedIds(tx, { memberId }, now);
  for (const { id } of upcoming) await cancelIn(tx, eq(coachingBookings.id, id), "member", now);
}

/** The member cancels their session: the time is free again and both are told. */
export function cancelSession(memberId: string, bookingId: string, now = new Date()) {
  if (!isUuid(bookingId)) return Promise.resolve<BookingOutcome>({ ok: false, error: "notFound" });
  return cancel(and(eq(coachingBookings.id, bookingId), eq(coachingBookings.memberId, memberId)), "member", now);
}

/** The coach cancels through the private link of their email. */
export function cancelSessionAsCoach(token: string, now = new Date()) {
  return cancel(eq(coachingBookings.coachTokenHash, sha256(token)), "coach", now);
}

/** The coach cancels one of their sessions from their agenda, with a reason the member receives. */
export function cancelSessionOfCoach(
  coachId: string,
  bookingId: string,
  reason: string | null,
  now = new Date(),
  audit?: SessionAudit,
) {
  if (!isUuid(bookingId)) return Promise.resolve<BookingOutcome>({ ok: false, error: "notFound" });
  return db().transaction((tx) =>
    cancelIn(
      tx,
      and(eq(coachingBookings.id, bookingId), eq(coachingBookings.coachId, coachId)),
      "coach",
      now,
      { text: reason, timeOff: false },
      audit,
    ),
  );
}

/**
 * In the transaction adding the coach's time off over [from, to): their confirmed sessions not yet
 * started inside it are cancelled, and each member told why. Answers how many.
 */
export async function cancelSessionsInTimeOff(
  tx: Transaction,
  coachId: string,
  range: { from: Date; to: Date },
  reason: string | null,
  now = new Date(),
) {
  const inside = await notStartedIds(
    tx,
    { coachId },
    now,
    lt(coachingBookings.startsAt, range.to),
    gt(coachingBookings.endsAt, range.from),
  );
  for (const { id } of inside) {
    await cancelIn(tx, eq(coachingBookings.id, id), "coach", now, { text: reason, timeOff: true });
  }
  return inside.length;
}

/**
 * In the transaction retiring the coach: their confirmed sessions not yet
 * started are cancelled, each member told the coach retired (in their language). Answers how many.
 */
export async function cancelSessionsOfRetiring(tx: Transaction, coachId: string, now = new Date()) {
  const upcoming = await notStartedIds(tx, { coachId }, now);
  for (const { id } of upcoming) {
    await cancelIn(tx, eq(coachingBookings.id, id), "coach", now, { text: null, timeOff: false, retired: true });
  }
  return upcoming.length;
}
