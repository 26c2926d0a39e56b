/**
 * Calendar days and the constants every domain counts time with: days as YYYY-MM-DD strings,
 * a day in milliseconds, and the zone Cap's days are counted in when a member has chosen none.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_TIME_ZONE = "Europe/Paris";

/** A real calendar day as YYYY-MM-DD (2026-02-31 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  const year = date.getUTCFullYear();
  // Years 0000 or 9999 are no member's day and break date arithmetic: a sane range only.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && year >= 1900 && year <= 2100;
}

/** A YYYY-MM-DD date moved by whole days (calendar arithmetic in UTC, no time zone involved). */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** The Sunday that starts the week of `day` (SPEC §2: the calendar runs Sunday to Saturday). */
export function weekStart(day: string): string {
  return addDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay());
}
