import { and, asc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { DAY_MS } from "~/.server/calendar/days.server";
import { db, type Executor, type Transaction } from "~/.server/db/client.server";
import { coaches, coachingBookings, coachTimeOff } from "~/.server/db/schema.server";
import { type Booking, type Coach, confirmedSessionsOf } from "../booking-records.server";
import { offerEarlierTime, stopWaitingIn } from "./earlier-time-offers.server";
import { type Busy, type CoachSchedule, freeSlots, isOfferedSlot, type Slot } from "./slots.server";

/**
 * The coaches members may book and their free times: the coach's hours less their sessions (buffer
 * included) and time off, checked again under the coach's row lock when a session is booked or moved.
 */
export function scheduleOf(coach: Coach): Required<CoachSchedule> {
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
export async function busyOf(
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
      confirmedSessionsOf(
        { coachId },
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

export async function stillOffered(executor: Executor, coach: Coach, start: Date, now: Date, exceptId?: string) {
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
 * The session `left` no longer holds its time (cancelled or moved, in `tx`): it
 * stops waiting for an earlier one, and its time, if members may book it now, goes to those who wait.
 */
export async function freeTimeOf(tx: Transaction, coach: Coach, left: Booking, now: Date, offer = true) {
  await stopWaitingIn(tx, left.id);
  if (!offer) return;
  const start = left.startsAt;
  const freed = { start, end: new Date(start.getTime() + coach.sessionMinutes * 60_000) };
  await offerEarlierTime(tx, coach, freed, now, async () => {
    const { busy } = await busyOf(tx, coach.id, new Date(start.getTime() - DAY_MS), new Date(start.getTime() + DAY_MS));
    return isOfferedSlot(scheduleOf(coach), start, { busy, now });
  });
}
