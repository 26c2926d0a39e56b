import { asc, eq, gt } from "drizzle-orm";
import { recordChange } from "~/.server/audit/audit-log.server";
import { localDay, localTime } from "~/.server/calendar/time-zones.server";
import { db } from "~/.server/db/client.server";
import { appUsers, coaches, coachingBookings } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { type Coach, confirmedSessionsOf } from "../booking-records.server";
import { scheduleOf } from "../booking/free-times.server";
import type { CoachSchedule, Weekday } from "../booking/slots.server";

/**
 * A coach's weekly hours, changed by the coach or an admin: windows per weekday
 * in the coach's zone, session length and buffer, notice and horizon. They live on the coach's
 * row, which every free-time computation and every booking reads per request (the booking again
 * under the row's lock), so a change holds at once in every process and instance. A change never
 * touches a booked session: those now outside the hours stay, and are listed.
 */
export type CoachHours = Required<CoachSchedule> & {
  /** Until how long before a session its member may change it. */
  changeNoticeHours: number;
};

/** An upcoming confirmed session outside the coach's weekly windows, dated in the coach's zone. */
export type OutsideSession = { id: string; start: Date; end: Date; date: string; time: string; member: string };

export type HoursOutcome = { ok: true; coach: Coach; changed: boolean } | { ok: false; error: "noCoach" };

/** The most sessions the list shows (a coach's upcoming ones are far fewer). */
const OUTSIDE_LIMIT = 200;
const WEEKDAY_OF: Weekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

export function hoursOf(coach: Coach): CoachHours {
  return { ...scheduleOf(coach), changeNoticeHours: coach.changeNoticeHours };
}

/** A coach by id (retired ones too: an admin may still set their hours), or null. */
export async function coachById(id: string): Promise<Coach | null> {
  if (!isUuid(id)) return null;
  const [coach] = await db().select().from(coaches).where(eq(coaches.id, id));
  return coach ?? null;
}

/**
 * Saves the coach's hours, audited (`coach.hours.changed`, before → after) in the same
 * transaction; `actorId` is the signed-in member (the coach, or an admin). Unchanged hours write nothing.
 */
export async function changeHours(actorId: string, coachId: string, hours: CoachHours): Promise<HoursOutcome> {
  return db().transaction(async (tx) => {
    const [coach] = await tx.select().from(coaches).where(eq(coaches.id, coachId)).for("update");
    if (!coach) return { ok: false, error: "noCoach" } as const;
    const before = hoursOf(coach);
    if (JSON.stringify(before) === JSON.stringify(hours)) return { ok: true, coach, changed: false } as const;
    const [saved] = await tx
      .update(coaches)
      .set({ ...hours, updatedAt: new Date() })
      .where(eq(coaches.id, coachId))
      .returning();
    await recordChange(tx, {
      actorId,
      // The audit log's subjects are members: the coach's account, when they have one.
      subject: { id: coach.memberId, name: coach.name },
      action: "coach.hours.changed",
      before,
      after: hours,
    });
    return { ok: true, coach: saved, changed: true } as const;
  });
}

/** "HH:mm" as minutes; "24:00" is the day's end. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** Whether a session lies, on the coach's wall clock, within one window of its weekday. */
export function isWithinHours(hours: Pick<CoachHours, "timeZone" | "weekly">, start: Date, end: Date): boolean {
  const day = localDay(start, hours.timeZone);
  const from = minutesOf(localTime(start, hours.timeZone));
  const to = from + Math.round((end.getTime() - start.getTime()) / 60_000);
  const weekday = WEEKDAY_OF[new Date(`${day}T00:00:00Z`).getUTCDay()];
  return (hours.weekly[weekday] ?? []).some(([open, close]) => minutesOf(open) <= from && to <= minutesOf(close));
}

/** The coach's upcoming confirmed sessions that fall outside their weekly hours, earliest first. */
export async function sessionsOutsideHours(coach: Coach, now = new Date()): Promise<OutsideSession[]> {
  const rows = await db()
    .select({
      id: coachingBookings.id,
      start: coachingBookings.startsAt,
      end: coachingBookings.endsAt,
      firstname: appUsers.firstname,
      lastname: appUsers.lastname,
    })
    .from(coachingBookings)
    .innerJoin(appUsers, eq(appUsers.id, coachingBookings.memberId))
    .where(confirmedSessionsOf({ coachId: coach.id }, gt(coachingBookings.endsAt, now)))
    .orderBy(asc(coachingBookings.startsAt))
    .limit(OUTSIDE_LIMIT);
  return rows
    .filter((row) => !isWithinHours(coach, row.start, row.end))
    .map((row) => ({
      id: row.id,
      start: row.start,
      end: row.end,
      date: localDay(row.start, coach.timeZone),
      time: `${localTime(row.start, coach.timeZone)}–${localTime(row.end, coach.timeZone)}`,
      member: `${row.firstname} ${row.lastname}`.trim(),
    }));
}
