import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { mainGoals } from "~/.server/db/schema.server";
import { readPage, type PageRequest } from "~/.server/paging/paging.server";

/** The main goal (SPEC §2, §3): a title with its added and updated dates; replaced ones are history. */
export async function currentGoal(memberId: string) {
  const [current] = await db()
    .select()
    .from(mainGoals)
    .where(and(eq(mainGoals.memberId, memberId), isNull(mainGoals.replacedAt)));
  return current ?? null;
}

/** How many earlier goals the overview shows a page. */
export const GOAL_HISTORY_PAGE_SIZE = 10;

/** The overview's goals: the current one and a page of the history (`historyPage` settled within it). */
export async function goalsOf(memberId: string, historyPage = 1) {
  const [current, history] = await Promise.all([
    currentGoal(memberId),
    goalHistoryPage(memberId, { page: historyPage, limit: GOAL_HISTORY_PAGE_SIZE }),
  ]);
  return { current, history: history.items, historyPage: history.page };
}

const replaced = (memberId: string) => and(eq(mainGoals.memberId, memberId), isNotNull(mainGoals.replacedAt));

/** The replaced goals, most recently replaced first, a page at a time. */
export function goalHistoryPage(memberId: string, requested: PageRequest, options?: { settle: boolean }) {
  return readPage(
    requested,
    async () => (await db().select({ count: count() }).from(mainGoals).where(replaced(memberId)))[0].count,
    ({ limit, offset }) =>
      db()
        .select()
        .from(mainGoals)
        .where(replaced(memberId))
        .orderBy(desc(mainGoals.replacedAt), desc(mainGoals.id))
        .limit(limit)
        .offset(offset),
    options,
  );
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
