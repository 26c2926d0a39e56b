import { and, asc, count, eq, gte } from "drizzle-orm";
import { addDays } from "~/.server/calendar/days.server";
import { db } from "~/.server/db/client.server";
import { commitmentPauses, commitments } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import type { Pause } from "./recurrence.server";

/**
 * Pauses of the member's commitments (holidays, illness): one commitment or all of them, for a
 * bounded run of days. A pause may start a little in the past (illness is told afterwards), never
 * lasts longer than a season, and a member keeps a bounded number of them ahead or lately ended.
 */
export const PAUSE_LIMITS = { daysBack: 30, daysAhead: 365, longestDays: 92, openAtOnce: 20 } as const;

export type PauseInput = { commitmentId: string | null; startsOn: string; endsOn: string };

export type PauseRefusal = "pauseDates" | "pauseTooLong" | "tooManyPauses" | "notFound";

export async function addPause(
  memberId: string,
  input: PauseInput,
  today: string,
): Promise<{ ok: true; id: string } | { ok: false; error: PauseRefusal }> {
  const { startsOn, endsOn, commitmentId } = input;
  if (endsOn < startsOn || startsOn < addDays(today, -PAUSE_LIMITS.daysBack)) return { ok: false, error: "pauseDates" };
  if (startsOn > addDays(today, PAUSE_LIMITS.daysAhead)) return { ok: false, error: "pauseDates" };
  if (endsOn > addDays(startsOn, PAUSE_LIMITS.longestDays - 1)) return { ok: false, error: "pauseTooLong" };
  if (commitmentId !== null) {
    const [own] = isUuid(commitmentId)
      ? await db()
          .select({ id: commitments.id })
          .from(commitments)
          .where(and(eq(commitments.id, commitmentId), eq(commitments.memberId, memberId)))
      : [];
    if (!own) return { ok: false, error: "notFound" };
  }
  // Those still ahead, and those ended lately: ending a pause and adding it again makes no room.
  const [{ recent }] = await db()
    .select({ recent: count() })
    .from(commitmentPauses)
    .where(
      and(
        eq(commitmentPauses.memberId, memberId),
        gte(commitmentPauses.endsOn, addDays(today, -PAUSE_LIMITS.daysBack - 1)),
      ),
    );
  if (recent >= PAUSE_LIMITS.openAtOnce) return { ok: false, error: "tooManyPauses" };
  const [row] = await db()
    .insert(commitmentPauses)
    .values({ memberId, commitmentId, startsOn, endsOn })
    .returning({ id: commitmentPauses.id });
  return { ok: true, id: row.id };
}

/**
 * Ends a pause today: one not yet started goes away; one under way stops yesterday, so the days
 * it already covered stay paused (coming back early never makes the holiday late).
 */
export async function endPause(memberId: string, id: string, today: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const mine = and(eq(commitmentPauses.id, id), eq(commitmentPauses.memberId, memberId));
  const [pause] = await db().select().from(commitmentPauses).where(mine);
  if (!pause || pause.endsOn < today) return false;
  if (pause.startsOn >= today) await db().delete(commitmentPauses).where(mine);
  else
    await db()
      .update(commitmentPauses)
      .set({ endsOn: addDays(today, -1) })
      .where(mine);
  return true;
}

/** Every pause of the member (the past ones still excuse their days), oldest first. */
export function pausesOf(memberId: string): Promise<Pause[]> {
  return db()
    .select({
      id: commitmentPauses.id,
      commitmentId: commitmentPauses.commitmentId,
      startsOn: commitmentPauses.startsOn,
      endsOn: commitmentPauses.endsOn,
    })
    .from(commitmentPauses)
    .where(eq(commitmentPauses.memberId, memberId))
    .orderBy(asc(commitmentPauses.startsOn), asc(commitmentPauses.id));
}
