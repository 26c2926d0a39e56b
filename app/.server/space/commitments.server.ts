import { and, asc, count, eq, gte, isNull, lt, lte, sql } from "drizzle-orm";
import { isUuid } from "~/.server/db/uuid.server";
import { db } from "~/.server/db/client.server";
import { commitments, trainingModules } from "~/.server/db/schema.server";
import { readPage, type PageRequest } from "~/.server/paging/paging.server";

/**
 * "My commitments": what the member promised themselves, with an optional due date and an
 * optional training module. Every query names the member: nobody reaches another's.
 */
export type CommitmentInput = {
  title: string;
  dueDate: string | null;
  moduleId: string | null;
  /** A recurring one's rule (recurrence.server.ts); left out, an edit keeps the rule it had. */
  repeatWeekdays?: number | null;
  repeatEveryDays?: number | null;
  startsOn?: string | null;
};

/** Open ones first, by due date (none last; recurring ones never close), then done ones; a page at a time. */
export function commitmentsPage(memberId: string, requested: PageRequest, options?: { settle: boolean }) {
  return readPage(
    requested,
    async () =>
      (await db().select({ count: count() }).from(commitments).where(eq(commitments.memberId, memberId)))[0].count,
    ({ limit, offset }) =>
      db()
        .select()
        .from(commitments)
        .where(eq(commitments.memberId, memberId))
        .orderBy(
          sql`${commitments.doneAt} is not null`,
          sql`${commitments.dueDate} asc nulls last`,
          asc(commitments.createdAt),
          // A total order: rows made in the same instant keep their page.
          asc(commitments.id),
        )
        .limit(limit)
        .offset(offset),
    options,
  );
}

export async function commitmentOf(memberId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select()
    .from(commitments)
    .where(and(eq(commitments.id, id), eq(commitments.memberId, memberId)));
  return row ?? null;
}

/** Whether a module a commitment names exists (a forged id would break the foreign key: a 500). */
export async function moduleExists(moduleId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: trainingModules.id })
    .from(trainingModules)
    .where(eq(trainingModules.id, moduleId));
  return Boolean(row);
}

export async function addCommitment(memberId: string, input: CommitmentInput): Promise<string> {
  const [row] = await db()
    .insert(commitments)
    .values({ memberId, ...input })
    .returning({ id: commitments.id });
  return row.id;
}

/** Each change answers whether the commitment was the member's (false: nothing changed). */
export async function updateCommitment(memberId: string, id: string, input: CommitmentInput) {
  if (!isUuid(id)) return false;
  const rows = await db()
    .update(commitments)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(commitments.id, id), eq(commitments.memberId, memberId)))
    .returning({ id: commitments.id });
  return rows.length > 0;
}

export async function setCommitmentDone(memberId: string, id: string, done: boolean) {
  if (!isUuid(id)) return false;
  const rows = await db()
    .update(commitments)
    .set({ doneAt: done ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(commitments.id, id), eq(commitments.memberId, memberId)))
    .returning({ id: commitments.id });
  return rows.length > 0;
}

export async function deleteCommitment(memberId: string, id: string) {
  if (!isUuid(id)) return false;
  const rows = await db()
    .delete(commitments)
    .where(and(eq(commitments.id, id), eq(commitments.memberId, memberId)))
    .returning({ id: commitments.id });
  return rows.length > 0;
}

/** Open commitments due within [from, to] (the overview's week). */
export function commitmentsDueBetween(memberId: string, from: string, to: string) {
  return db()
    .select({ id: commitments.id, title: commitments.title, dueDate: commitments.dueDate, doneAt: commitments.doneAt })
    .from(commitments)
    .where(and(eq(commitments.memberId, memberId), gte(commitments.dueDate, from), lte(commitments.dueDate, to)))
    .orderBy(asc(commitments.dueDate));
}

/** Open commitments due before `today` (late ones), the oldest first: `limit` of them and how many in all. */
export async function lateCommitments(memberId: string, today: string, limit: number) {
  const late = and(eq(commitments.memberId, memberId), lt(commitments.dueDate, today), isNull(commitments.doneAt));
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select({ title: commitments.title, dueDate: commitments.dueDate })
      .from(commitments)
      .where(late)
      .orderBy(asc(commitments.dueDate), asc(commitments.id))
      .limit(limit),
    db().select({ total: count() }).from(commitments).where(late),
  ]);
  return { items: rows.map((row) => ({ title: row.title, dueDate: row.dueDate as string })), total };
}
