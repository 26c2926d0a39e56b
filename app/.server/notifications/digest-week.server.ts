import { addDays, DAY_MS } from "~/.server/calendar/days.server";
import { localDay, startOfDay, zonedInstant } from "~/.server/calendar/time-zones.server";

/**
 * When a member's weekly digest is due, in their own time zone: their week runs Sunday to Saturday
 * (as the overview's calendar), and its digest goes at the day and hour they chose. A digest a
 * stopped server could not send on time still goes within a day; later, that week's is let go.
 */
export const DIGEST_LATENESS_MS = DAY_MS;

/** The Sunday starting the member's week at `now` (what one digest a week is counted by). */
export function digestWeek(now: Date, timeZone: string): string {
  const today = localDay(now, timeZone);
  return addDays(today, -new Date(`${today}T00:00:00Z`).getUTCDay());
}

/** `hour` (0–23) of `date` in `timeZone`; an hour skipped when clocks go forward: the hour after it. */
export function atHour(date: string, hour: number, timeZone: string): Date {
  const exact = zonedInstant(date, `${String(hour).padStart(2, "0")}:00`, timeZone);
  return exact ?? new Date((startOfDay(date, timeZone) as Date).getTime() + (hour + 1) * 3_600_000);
}

/** The instant of the digest of `week` (a Sunday), at `day` (0–6) and `hour` (0–23) in `timeZone`. */
export function digestInstant(week: string, day: number, hour: number, timeZone: string): Date {
  return atHour(addDays(week, day), hour, timeZone);
}

/** The member's week whose digest is due at `now`, or null when none is. */
export function dueDigestWeek(now: Date, settings: { digestDay: number; digestHour: number }, timeZone: string) {
  const week = digestWeek(now, timeZone);
  const at = digestInstant(week, settings.digestDay, settings.digestHour, timeZone);
  const late = now.getTime() - at.getTime();
  return late >= 0 && late < DIGEST_LATENESS_MS ? week : null;
}
