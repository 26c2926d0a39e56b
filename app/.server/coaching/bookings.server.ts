import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, gte, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { env } from "~/.server/config/env.server";
import { db, type Executor, type Transaction } from "~/.server/db/client.server";
import { violatesConstraint } from "~/.server/db/errors.server";
import { appUsers, coaches, coachingBookings, coachTimeOff } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { isUuid } from "~/.server/db/uuid.server";
import { MAX_LIMIT, readPage, type PageRequest, type Window } from "~/.server/paging/paging.server";
import { randomToken, sha256 } from "~/.server/secrets/tokens.server";
import { type BookingQuotaError, countCancellation, takeBookingChange } from "./booking-quota.server";
import type { Booker, Booking, BookingWithCoach, CancelReason, Coach } from "./booking-records.server";
import { isInsideNotice } from "./change-notice.server";
import { offerEarlierTime, stopWaitingIn } from "./earlier-time-offers.server";
import { sessionMails } from "./session-mails.server";
import { blockedUntil, freeSlots, isOfferedSlot, type Busy, type CoachSchedule, type Slot } from "./slots.server";
import { DAY_MS } from "~/.server/calendar/days.server";

/**
 * Discovery sessions: booking, rescheduling and cancelling, each in one transaction with the
 * emails it causes (outbox), so a session never exists without its confirmation and vice versa.
 * Two sessions of one coach cannot overlap: the database refuses it (constraint
 * coaching_bookings_no_overlap), which settles requests that arrive at the same moment.
 */
export type { Booker, Booking, BookingWithCoach, CancelReason, Coach };

export type BookingError =
  | "coachUnknown"
  | "slotUnavailable"
  | "alreadyBooked"
  | "notFound"
  | "notChangeable"
  | "insideNotice"
  | BookingQuotaError;
export type BookingOutcome = { ok: true; booking: Booking } | { ok: false; error: BookingError; bookingId?: string };

const NO_OVERLAP = "coaching_bookings_no_overlap";

export function scheduleOf(coach: Coach): CoachSchedule {
  return {
    timeZone: coach.timeZone,
    weekly: coach.weekly,
    sessionMinutes: coach.sessionMinutes,
    bufferMinutes: coach.bufferMinutes,
    minNoticeHours: coach.minNoticeHours,
    horizonDays: coach.horizonDays,
  };
}

/**
 * The coaches who take bookings, in the content file's order: not retired, with at least one
 * weekly window (a coach just made from a member has no hours yet: members cannot book them, so
 * the list does not offer them until they set some).
 */
export function activeCoaches() {
  return db()
    .select()
    .from(coaches)
    .where(
      and(
        eq(coaches.retired, false),
        sql`exists (select 1 from jsonb_each(${coaches.weekly}) as day(name, windows) where jsonb_array_length(day.windows) > 0)`,
      ),
    )
    .orderBy(asc(coaches.position));
}

export async function coachOf(slug: string): Promise<Coach | null> {
  const [coach] = await db()
    .select()
    .from(coaches)
    .where(and(eq(coaches.slug, slug), eq(coaches.retired, false)));
  return coach ?? null;
}

/**
 * What keeps the coach busy in [from, to): their confirmed sessions, buffer included (`exceptId`
 * is left out: a session being moved), and their time off, also returned apart.
 */
async function busyOf(
  executor: Executor,
  coachId: string,
  from: Date,
  to: Date,
  exceptId?: string,
): Promise<{ busy: Busy[]; timeOff: Busy[] }> {
  // One statement for both: every booking page and every booking asks.
  const rows = await executor
    .select({
      start: coachingBookings.startsAt,
      blockedUntil: coachingBookings.blockedUntil,
      timeOff: sql<boolean>`false`.as("time_off"),
    })
    .from(coachingBookings)
    .where(
      and(
        eq(coachingBookings.coachId, coachId),
        eq(coachingBookings.status, "confirmed"),
        lt(coachingBookings.startsAt, to),
        gt(coachingBookings.blockedUntil, from),
        exceptId ? ne(coachingBookings.id, exceptId) : undefined,
      ),
    )
    .unionAll(
      executor
        .select({
          start: coachTimeOff.startsAt,
          blockedUntil: coachTimeOff.endsAt,
          timeOff: sql<boolean>`true`.as("time_off"),
        })
        .from(coachTimeOff)
        .where(and(eq(coachTimeOff.coachId, coachId), lt(coachTimeOff.startsAt, to), gt(coachTimeOff.endsAt, from))),
    );
  const busy = rows.map(({ start, blockedUntil }) => ({ start, blockedUntil }));
  return { busy, timeOff: busy.filter((_, index) => rows[index].timeOff) };
}

/**
 * The free slots of [from, to), and the coach's time off around it (a day either side), which the
 * month view needs to tell a day off from a fully booked day.
 */
export async function openingsOf(
  coach: Coach,
  from: Date,
  to: Date,
  options: { now?: Date; exceptBookingId?: string } = {},
): Promise<{ slots: Slot[]; timeOff: Busy[] }> {
  // A day either side: a session starting just before `from` can still block the first slots.
  const { busy, timeOff } = await busyOf(
    db(),
    coach.id,
    new Date(from.getTime() - DAY_MS),
    new Date(to.getTime() + DAY_MS),
    options.exceptBookingId,
  );
  return { slots: freeSlots(scheduleOf(coach), { from, to, busy, now: options.now ?? new Date() }), timeOff };
}

export async function freeSlotsOf(
  coach: Coach,
  from: Date,
  to: Date,
  options: { now?: Date; exceptBookingId?: string } = {},
): Promise<Slot[]> {
  return (await openingsOf(coach, from, to, options)).slots;
}

async function stillOffered(executor: Executor, coach: Coach, start: Date, now: Date, exceptId?: string) {
  // Bookings share the coach's row; adding time off takes it whole: a session booked meanwhile is
  // then seen (and cancelled) by the time off, and a booking after it sees the time off. The row is
  // read again under that lock: hours changed since the page was read (another process, another
  // instance) are the ones the booking is checked against.
  const [current] = await executor.select().from(coaches).where(eq(coaches.id, coach.id)).for("share");
  if (!current) return false;
  const { busy } = await busyOf(
    executor,
    coach.id,
    new Date(start.getTime() - DAY_MS),
    new Date(start.getTime() + DAY_MS),
    exceptId,
  );
  return isOfferedSlot(scheduleOf(current), start, { busy, now });
}

/**
 * Issue 28 item 9: the session `left` no longer holds its time (cancelled or moved, in `tx`): it
 * stops waiting for an earlier one, and its time, if members may book it now, goes to those who wait.
 */
async function freeTimeOf(tx: Transaction, coach: Coach, left: Booking, now: Date, offer = true) {
  await stopWaitingIn(tx, left.id);
  if (!offer) return;
  const start = left.startsAt;
  const freed = { start, end: new Date(start.getTime() + coach.sessionMinutes * 60_000) };
  await offerEarlierTime(tx, coach, freed, now, async () => {
    const { busy } = await busyOf(tx, coach.id, new Date(start.getTime() - DAY_MS), new Date(start.getTime() + DAY_MS));
    return isOfferedSlot(scheduleOf(coach), start, { busy, now });
  });
}

/**
 * A web-conference room of its own for each session: the coach's own template (issue 24 item 6),
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

/**
 * The session locked for a change, if it is confirmed and has not started; a change the member
 * asks for themselves (`byMember`) also waits for the coach's notice not to have begun.
 */
async function changeableSession(executor: Executor, where: SQL | undefined, now: Date, byMember = false) {
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
  const { id, firstname, lastname, identityId } = row.app_users;
  // The address lives with the identity (in Kratos under the Ory adapter), not in our tables.
  const email = await identity().emailOf(identityId, executor);
  if (!email) return { ok: false as const, error: "notFound" as const };
  const member: Booker = { id, firstname, lastname, email, lang: booking.lang };
  return { ok: true as const, booking, coach: row.coaches, member };
}

/** Who moved a session: the member (their own), or the coach (the member may refuse by cancelling). */
export type MovedBy = "member" | "coach";

/** Writes a coach's change of a session to the audit log, in the change's transaction. */
export type SessionAudit = (
  tx: Transaction,
  change: { before: Booking; after: Booking; member: Booker },
) => Promise<void>;

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

/**
 * Before an account is deleted (in its transaction): its upcoming sessions are cancelled, so each
 * coach is told and the times are free again.
 */
export async function cancelSessionsOfDeparting(tx: Transaction, memberId: string, now = new Date()) {
  const upcoming = await tx
    .select({ id: coachingBookings.id })
    .from(coachingBookings)
    .where(
      and(
        eq(coachingBookings.memberId, memberId),
        eq(coachingBookings.status, "confirmed"),
        gt(coachingBookings.startsAt, now),
      ),
    );
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
  const inside = await tx
    .select({ id: coachingBookings.id })
    .from(coachingBookings)
    .where(
      and(
        eq(coachingBookings.coachId, coachId),
        eq(coachingBookings.status, "confirmed"),
        lt(coachingBookings.startsAt, range.to),
        gt(coachingBookings.endsAt, range.from),
        gt(coachingBookings.startsAt, now),
      ),
    );
  for (const { id } of inside) {
    await cancelIn(tx, eq(coachingBookings.id, id), "coach", now, { text: reason, timeOff: true });
  }
  return inside.length;
}

/**
 * In the transaction retiring the coach (issue 24 item 8): their confirmed sessions not yet
 * started are cancelled, each member told the coach retired (in their language). Answers how many.
 */
export async function cancelSessionsOfRetiring(tx: Transaction, coachId: string, now = new Date()) {
  const upcoming = await tx
    .select({ id: coachingBookings.id })
    .from(coachingBookings)
    .where(
      and(
        eq(coachingBookings.coachId, coachId),
        eq(coachingBookings.status, "confirmed"),
        gt(coachingBookings.startsAt, now),
      ),
    );
  for (const { id } of upcoming) {
    await cancelIn(tx, eq(coachingBookings.id, id), "coach", now, { text: null, timeOff: false, retired: true });
  }
  return upcoming.length;
}

/** The session behind a coach's private link, with its member's name. */
export async function sessionOfCoachToken(token: string) {
  const [row] = await db()
    .select()
    .from(coachingBookings)
    .innerJoin(coaches, eq(coaches.id, coachingBookings.coachId))
    .innerJoin(appUsers, eq(appUsers.id, coachingBookings.memberId))
    .where(eq(coachingBookings.coachTokenHash, sha256(token)));
  return row
    ? {
        session: { ...row.coaching_bookings, coach: row.coaches },
        memberName: `${row.app_users.firstname} ${row.app_users.lastname}`,
      }
    : null;
}

/** One of the member's sessions (anyone else's id: null). */
export async function sessionOf(memberId: string, id: string): Promise<BookingWithCoach | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select()
    .from(coachingBookings)
    .innerJoin(coaches, eq(coaches.id, coachingBookings.coachId))
    .where(and(eq(coachingBookings.id, id), eq(coachingBookings.memberId, memberId)));
  return row ? { ...row.coaching_bookings, coach: row.coaches } : null;
}

/** The member's sessions: upcoming ones first in time order, then the past and cancelled, latest first. */
export async function sessionsOf(
  memberId: string,
  now = new Date(),
  pastPage: PageRequest = { page: 1, limit: MAX_LIMIT },
  options: { settle: boolean } = { settle: true },
) {
  // Upcoming ones are all shown (one confirmed session a coach at most); the past grows: a page of it.
  const upcoming = and(
    eq(coachingBookings.memberId, memberId),
    eq(coachingBookings.status, "confirmed"),
    gt(coachingBookings.endsAt, now),
  );
  const past = and(
    eq(coachingBookings.memberId, memberId),
    or(ne(coachingBookings.status, "confirmed"), lte(coachingBookings.endsAt, now)),
  );
  const read = (where: SQL | undefined, order: SQL[], window?: Window) => {
    const query = db()
      .select()
      .from(coachingBookings)
      .innerJoin(coaches, eq(coaches.id, coachingBookings.coachId))
      .where(where)
      .orderBy(...order);
    return (window ? query.limit(window.limit).offset(window.offset) : query).then((rows) =>
      rows.map((row) => ({ ...row.coaching_bookings, coach: row.coaches })),
    );
  };
  const [soon, earlier] = await Promise.all([
    read(upcoming, [asc(coachingBookings.startsAt)]),
    readPage(
      pastPage,
      async () => (await db().select({ count: count() }).from(coachingBookings).where(past))[0].count,
      (window) => read(past, [desc(coachingBookings.startsAt), desc(coachingBookings.id)], window),
      options,
    ),
  ]);
  return { upcoming: soon, past: earlier.items, pastPage: earlier.page };
}

/** The member's confirmed sessions starting in [from, to) (the overview's week). */
export async function confirmedSessionsBetween(memberId: string, from: Date, to: Date) {
  const rows = await db()
    .select()
    .from(coachingBookings)
    .innerJoin(coaches, eq(coaches.id, coachingBookings.coachId))
    .where(
      and(
        eq(coachingBookings.memberId, memberId),
        eq(coachingBookings.status, "confirmed"),
        gte(coachingBookings.startsAt, from),
        lt(coachingBookings.startsAt, to),
      ),
    )
    .orderBy(asc(coachingBookings.startsAt));
  return rows.map((row) => ({ ...row.coaching_bookings, coach: row.coaches }));
}
