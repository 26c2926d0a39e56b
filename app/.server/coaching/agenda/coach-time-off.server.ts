import { and, asc, eq, gte } from "drizzle-orm";
import { z } from "zod";
import { addDays, isCalendarDay } from "~/.server/calendar/days.server";
import { db, type Transaction } from "~/.server/db/client.server";
import { isUuid } from "~/.server/db/uuid.server";
import { coaches, coachTimeOff } from "~/.server/db/schema.server";
import type { Coach } from "../booking-records.server";
import { cancelSessionsInTimeOff } from "../booking/cancellations.server";
import { localDay, startOfDay } from "~/.server/calendar/time-zones.server";

/**
 * A coach's time off: whole days in their zone, from a first to a last day (one day: the same).
 * Adding it removes those days' free times at once (busyOf reads it) and cancels the confirmed
 * sessions inside it, each member told by mail with the coach's reason.
 */
export const timeOffBounds = { aheadDays: 365, longestDays: 90, reasonLength: 500 };

const day = z
  .string({ required_error: "coaching:agenda.errors.dayRequired" })
  .refine(isCalendarDay, "coaching:agenda.errors.dayInvalid");

/** The form, checked against the coach's today: not in the past, within a year, at most 90 days long. */
export function timeOffSchema(today: string) {
  return z
    .object({
      firstDay: day,
      lastDay: day.optional(),
      reason: z.string().trim().max(timeOffBounds.reasonLength, "coaching:agenda.errors.reasonTooLong").optional(),
    })
    .superRefine((value, context) => {
      // A malformed day already has its message (zod runs this refinement all the same).
      if (!isCalendarDay(value.firstDay) || (value.lastDay && !isCalendarDay(value.lastDay))) return;
      const last = value.lastDay ?? value.firstDay;
      const problem = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
      if (value.firstDay < today) problem("firstDay", "coaching:agenda.errors.dayPast");
      else if (value.firstDay > addDays(today, timeOffBounds.aheadDays))
        problem("firstDay", "coaching:agenda.errors.dayTooFar");
      if (last < value.firstDay) problem("lastDay", "coaching:agenda.errors.rangeReversed");
      else if (last > addDays(value.firstDay, timeOffBounds.longestDays - 1))
        problem("lastDay", "coaching:agenda.errors.rangeTooLong");
    });
}

/** A time off as the audit log keeps it. */
type TimeOffDays = { firstDay: string; lastDay: string; reason: string | null };
/** Writes a change of the coach's time off to the audit log, in the change's transaction. */
export type TimeOffAudit = (
  tx: Transaction,
  change: { before: TimeOffDays | null; after: TimeOffDays | null },
) => Promise<void>;

/** Adds the time off and cancels the sessions inside it, in one transaction; answers how many were cancelled. */
export async function addTimeOff(
  coach: Coach,
  input: { firstDay: string; lastDay?: string; reason?: string },
  now = new Date(),
  audit?: TimeOffAudit,
) {
  const lastDay = input.lastDay ?? input.firstDay;
  const from = startOfDay(input.firstDay, coach.timeZone);
  const to = startOfDay(addDays(lastDay, 1), coach.timeZone);
  if (!from || !to) throw new RangeError(`No such days in ${coach.timeZone}`);
  const reason = input.reason ? input.reason : null;
  return db().transaction(async (tx) => {
    // Waits for bookings under way (they share this row), so none slips in unseen.
    await tx.select({ id: coaches.id }).from(coaches).where(eq(coaches.id, coach.id)).for("update");
    await tx
      .insert(coachTimeOff)
      .values({ coachId: coach.id, firstDay: input.firstDay, lastDay, startsAt: from, endsAt: to, reason });
    await audit?.(tx, { before: null, after: { firstDay: input.firstDay, lastDay, reason } });
    return cancelSessionsInTimeOff(tx, coach.id, { from, to }, reason, now);
  });
}

/** The coach's time off not over yet (their today included), soonest first. */
export function timeOffOf(coach: Coach, now = new Date()) {
  return db()
    .select()
    .from(coachTimeOff)
    .where(and(eq(coachTimeOff.coachId, coach.id), gte(coachTimeOff.lastDay, localDay(now, coach.timeZone))))
    .orderBy(asc(coachTimeOff.firstDay))
    .limit(200);
}

/** Removes one of the coach's time off (the free times come back; cancelled sessions stay cancelled). */
export async function removeTimeOff(coach: Coach, id: string, audit?: TimeOffAudit): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db().transaction(async (tx) => {
    const [removed] = await tx
      .delete(coachTimeOff)
      .where(and(eq(coachTimeOff.id, id), eq(coachTimeOff.coachId, coach.id)))
      .returning();
    if (!removed) return false;
    await audit?.(tx, {
      before: { firstDay: removed.firstDay, lastDay: removed.lastDay, reason: removed.reason },
      after: null,
    });
    return true;
  });
}
