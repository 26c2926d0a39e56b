import { and, desc, eq, gte } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { weatherCheckins } from "~/.server/db/schema.server";

/** "My interior weather": one check-in a day, top or not top; checking in again changes the day's. */
export type Mood = "top" | "not_top";

export async function checkIn(memberId: string, day: string, mood: Mood) {
  await db()
    .insert(weatherCheckins)
    .values({ memberId, day, mood })
    .onConflictDoUpdate({ target: [weatherCheckins.memberId, weatherCheckins.day], set: { mood, createdAt: new Date() } });
}

/** The last seven days, oldest first, each with its mood or null. */
export async function lastSevenDays(memberId: string, today: string) {
  const days = Array.from({ length: 7 }, (_, index) => addDays(today, index - 6));
  const rows = await db()
    .select({ day: weatherCheckins.day, mood: weatherCheckins.mood })
    .from(weatherCheckins)
    .where(and(eq(weatherCheckins.memberId, memberId), gte(weatherCheckins.day, days[0])))
    .orderBy(desc(weatherCheckins.day));
  return days.map((day) => ({ day, mood: rows.find((row) => row.day === day)?.mood ?? null }));
}

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
