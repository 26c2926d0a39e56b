import { and, gte, isNotNull, sql } from "drizzle-orm";
import { addDays, DEFAULT_TIME_ZONE, weekStart } from "~/.server/calendar/days.server";
import { localDay, startOfDay } from "~/.server/calendar/time-zones.server";
import { db } from "~/.server/db/client.server";
import { payments } from "~/.server/db/schema.server";

export const SALES_WEEKS = 12;

/** A week's sales in cents: what was paid in it (gross), what was refunded in it, and the difference. */
export type WeekSales = { start: string; count: number; paidCents: number; refundedCents: number; netCents: number };

/**
 * The last SALES_WEEKS weeks, this one last, Sunday to Saturday (SPEC §2 draws weeks so), counted
 * in the platform's zone (Europe/Paris) so that every admin reads the same figures. A payment
 * counts in the week it was paid; a refund in the week it was made, whenever the payment was:
 * the week's net is what the week brought in.
 */
export async function weeklySales(now = new Date()): Promise<WeekSales[]> {
  const zone = DEFAULT_TIME_ZONE;
  const first = addDays(weekStart(localDay(now, zone)), -7 * (SALES_WEEKS - 1));
  const from = startOfDay(first, zone) ?? now;
  const weeks = Array.from({ length: SALES_WEEKS }, (_, index) => addDays(first, 7 * index));
  const byWeek = new Map<string, WeekSales>(
    weeks.map((start) => [start, { start, count: 0, paidCents: 0, refundedCents: 0, netCents: 0 }]),
  );
  // Summed by local day in the database (84 rows at most), placed in their weeks here.
  const localDayOf = (column: typeof payments.paidAt | typeof payments.refundedAt) =>
    sql<string>`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD')`;
  const paid = await db()
    .select({
      day: localDayOf(payments.paidAt),
      count: sql<number>`count(*)::int`,
      cents: sql<number>`sum(${payments.amountCents})::int`,
    })
    .from(payments)
    .where(and(isNotNull(payments.paidAt), gte(payments.paidAt, from)))
    .groupBy(sql`1`);
  const refunded = await db()
    .select({ day: localDayOf(payments.refundedAt), cents: sql<number>`sum(${payments.amountCents})::int` })
    .from(payments)
    .where(and(isNotNull(payments.refundedAt), gte(payments.refundedAt, from)))
    .groupBy(sql`1`);
  for (const row of paid) {
    const week = byWeek.get(weekStart(row.day));
    if (!week) continue;
    week.count += row.count;
    week.paidCents += row.cents;
  }
  for (const row of refunded) {
    const week = byWeek.get(weekStart(row.day));
    if (week) week.refundedCents += row.cents;
  }
  return [...byWeek.values()].map((week) => ({ ...week, netCents: week.paidCents - week.refundedCents }));
}
