import { count, desc, eq } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { lifeGpsEntries, type LifeGpsRatings } from "~/.server/db/schema.server";
import { readPage, type PageRequest } from "~/.server/paging/paging.server";

/** The life areas of the life-GPS exercise (the same six as the "GPS of my life" test). */
export const lifeAreas = ["sante", "travail", "relations", "finances", "loisirs", "developpement"] as const;
export type LifeArea = (typeof lifeAreas)[number];

/** A filling from the form's (or the API body's) checked fields: `<area>_score` and `<area>_note`. */
export function ratingsFrom(value: Record<string, unknown>): LifeGpsRatings {
  return Object.fromEntries(
    lifeAreas.map((area) => [
      area,
      { score: Number(value[`${area}_score`]), note: String(value[`${area}_note`] ?? "") },
    ]),
  );
}

export async function saveLifeGps(memberId: string, ratings: LifeGpsRatings) {
  const [entry] = await db().insert(lifeGpsEntries).values({ memberId, ratings }).returning();
  return entry;
}

/** Fillings in a page of the /my_life_gps history table. */
export const LIFE_GPS_PAGE_SIZE = 12;

/** The member's fillings, newest first, a page at a time (the page's history, the API's list). */
export function lifeGpsPage(memberId: string, requested: PageRequest, options?: { settle: boolean }) {
  return readPage(
    requested,
    async () =>
      (await db().select({ count: count() }).from(lifeGpsEntries).where(eq(lifeGpsEntries.memberId, memberId)))[0]
        .count,
    ({ limit, offset }) =>
      db()
        .select()
        .from(lifeGpsEntries)
        .where(eq(lifeGpsEntries.memberId, memberId))
        .orderBy(desc(lifeGpsEntries.createdAt), desc(lifeGpsEntries.id))
        .limit(limit)
        .offset(offset),
    options,
  );
}
