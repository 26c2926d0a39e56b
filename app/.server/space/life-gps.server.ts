import { desc, eq } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { lifeGpsEntries, type LifeGpsRatings } from "~/.server/db/schema.server";

/** The life areas of the life-GPS exercise (the same six as the "GPS of my life" test). */
export const lifeAreas = ["sante", "travail", "relations", "finances", "loisirs", "developpement"] as const;
export type LifeArea = (typeof lifeAreas)[number];

export async function saveLifeGps(memberId: string, ratings: LifeGpsRatings) {
  await db().insert(lifeGpsEntries).values({ memberId, ratings });
}

/** The member's fillings, newest first (the first is the radar, the others the history). */
export function lifeGpsHistory(memberId: string) {
  return db()
    .select()
    .from(lifeGpsEntries)
    .where(eq(lifeGpsEntries.memberId, memberId))
    .orderBy(desc(lifeGpsEntries.createdAt))
    .limit(12);
}
