import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { mainGoals } from "~/.server/db/schema.server";

/** The main goal (SPEC §2, §3): a title with its added and updated dates; replaced ones are history. */
export async function goalsOf(memberId: string) {
  const [current] = await db()
    .select()
    .from(mainGoals)
    .where(and(eq(mainGoals.memberId, memberId), isNull(mainGoals.replacedAt)));
  const history = await db()
    .select()
    .from(mainGoals)
    .where(and(eq(mainGoals.memberId, memberId), isNotNull(mainGoals.replacedAt)))
    .orderBy(desc(mainGoals.replacedAt))
    .limit(10);
  return { current: current ?? null, history };
}

/** "Edit": the same goal in better words: the title and its updated date change. */
export async function editGoal(memberId: string, title: string) {
  const updated = await db()
    .update(mainGoals)
    .set({ title, updatedAt: new Date() })
    .where(and(eq(mainGoals.memberId, memberId), isNull(mainGoals.replacedAt)))
    .returning({ id: mainGoals.id });
  if (updated.length === 0) await db().insert(mainGoals).values({ memberId, title });
}

/** "New goal": the current one goes to the history and the new one is added today. */
export async function replaceGoal(memberId: string, title: string) {
  await db().transaction(async (tx) => {
    await tx
      .update(mainGoals)
      .set({ replacedAt: new Date() })
      .where(and(eq(mainGoals.memberId, memberId), isNull(mainGoals.replacedAt)));
    await tx.insert(mainGoals).values({ memberId, title });
  });
}
