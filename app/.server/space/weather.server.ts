import { and, desc, eq, gte } from "drizzle-orm";
import { addDays } from "~/.server/calendar/days.server";
import { db } from "~/.server/db/client.server";
import { weatherCheckins } from "~/.server/db/schema.server";

/** "My interior weather": one check-in a day, top or not top; checking in again changes the day's. */
export type Mood = "top" | "not_top";

export async function checkIn(memberId: string, day: string, mood: Mood) {
  await db()
    .insert(weatherCheckins)
    .values({ memberId, day, mood })
    .onConflictDoUpdate({
      target: [weatherCheckins.memberId, weatherCheckins.day],
      set: { mood, createdAt: new Date() },
    });
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
