import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import { addDays } from "~/.server/calendar/days.server";
import { db } from "~/.server/db/client.server";
import { commitmentOccurrences, commitments } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { pausesOf } from "./commitment-pauses.server";
import {
  doneKey,
  fallsOn,
  isPaused,
  mondayOf,
  occurrencesBetween,
  type Pause,
  type Recurring,
  repeatOf,
  weekStreak,
} from "./recurrence.server";

/**
 * The recurring side of "my commitments": each occurrence marked done on its own, the last week
 * and this one shown day by day, and the streak of weeks kept. Days are the member's own.
 */

/** How far back an occurrence can still be ticked: the two weeks the page shows, and a margin. */
export const TICK_DAYS_BACK = 60;

export type OccurrenceDay = { day: string; done: boolean; paused: boolean; late: boolean; ahead: boolean };

export type RecurringWeeks = {
  streak: number;
  /** Per recurring commitment: its days of last week and this week. */
  days: Map<string, OccurrenceDay[]>;
  pauses: Pause[];
  /** The member's recurring commitments, by title (what a pause can name). */
  recurring: { id: string; title: string }[];
};

async function recurringOf(memberId: string): Promise<(Recurring & { title: string })[]> {
  const rows = await db()
    .select()
    .from(commitments)
    .where(
      and(
        eq(commitments.memberId, memberId),
        or(isNotNull(commitments.repeatWeekdays), isNotNull(commitments.repeatEveryDays)),
      ),
    );
  return rows.flatMap((row) => {
    const repeat = repeatOf(row);
    return repeat && row.startsOn ? [{ id: row.id, title: row.title, repeat, startsOn: row.startsOn }] : [];
  });
}

/** The days from `from` to `to` on which each of these recurring commitments was done, as doneKeys. */
async function doneDays(recurring: { id: string }[], from: string, to: string): Promise<Set<string>> {
  const ids = recurring.map((c) => c.id);
  if (ids.length === 0) return new Set();
  const rows = await db()
    .select({ commitmentId: commitmentOccurrences.commitmentId, day: commitmentOccurrences.day })
    .from(commitmentOccurrences)
    .where(
      and(
        inArray(commitmentOccurrences.commitmentId, ids),
        gte(commitmentOccurrences.day, from),
        lte(commitmentOccurrences.day, to),
      ),
    );
  return new Set(rows.map((row) => doneKey(row.commitmentId, row.day)));
}

export async function recurringWeeks(memberId: string, today: string): Promise<RecurringWeeks> {
  const [recurring, pauses] = await Promise.all([recurringOf(memberId), pausesOf(memberId)]);
  // The streak looks back five years at most (recurrence.server.ts); the page shows this week to its end.
  const done = await doneDays(recurring, addDays(today, -7 * 261), addDays(mondayOf(today), 6));
  const from = addDays(mondayOf(today), -7);
  const to = addDays(mondayOf(today), 6);
  const days = new Map(
    recurring.map((commitment) => [
      commitment.id,
      occurrencesBetween(commitment, from, to).map((day) => {
        const paused = isPaused(pauses, commitment.id, day);
        const isDone = done.has(doneKey(commitment.id, day));
        return { day, done: isDone, paused, late: !isDone && !paused && day < today, ahead: day > today };
      }),
    ]),
  );
  return {
    streak: weekStreak({ commitments: recurring, done, pauses, today }),
    days,
    pauses,
    recurring: recurring.map(({ id, title }) => ({ id, title })),
  };
}

/** How far back a missed day of a recurring commitment counts as late in a day's reminder: a week. */
const LATE_OCCURRENCE_DAYS = 7;

/**
 * What the member owes on `day` (their commitment reminder): the titles of the
 * commitments due that day (one-off ones and recurring ones falling on it) neither done nor
 * paused, and how many are late (one-off ones past due, days of recurring ones missed in the
 * last week). A paused day is neither due nor late.
 */
export async function commitmentsOfDay(memberId: string, day: string): Promise<{ due: string[]; late: number }> {
  const [oneOffs, recurring, pauses] = await Promise.all([
    db()
      .select({ id: commitments.id, title: commitments.title, dueDate: commitments.dueDate })
      .from(commitments)
      .where(and(eq(commitments.memberId, memberId), lte(commitments.dueDate, day), isNull(commitments.doneAt)))
      .orderBy(asc(commitments.createdAt), asc(commitments.id)),
    recurringOf(memberId),
    pausesOf(memberId),
  ]);
  const lateFrom = addDays(day, -LATE_OCCURRENCE_DAYS);
  const done = await doneDays(recurring, lateFrom, day);
  const owed = (id: string, on: string) => !isPaused(pauses, id, on) && !done.has(doneKey(id, on));
  const dated = oneOffs.map((c) => ({ ...c, dueDate: c.dueDate as string }));
  const due = [
    ...dated.filter((c) => c.dueDate === day && owed(c.id, day)).map((c) => c.title),
    ...recurring.filter((c) => fallsOn(c, day) && owed(c.id, day)).map((c) => c.title),
  ];
  const late =
    dated.filter((c) => c.dueDate < day && owed(c.id, c.dueDate)).length +
    recurring.flatMap((c) => occurrencesBetween(c, lateFrom, addDays(day, -1)).filter((on) => owed(c.id, on))).length;
  return { due, late };
}

export type TickRefusal = "notFound" | "dayInvalid";

/**
 * Marks one occurrence done or not. Only a day the commitment falls on, not ahead of today, not
 * paused, and at most TICK_DAYS_BACK days ago.
 */
export async function setOccurrenceDone(
  memberId: string,
  input: { commitmentId: string; day: string; done: boolean },
  today: string,
): Promise<{ ok: true } | { ok: false; error: TickRefusal }> {
  const { commitmentId, day, done } = input;
  if (!isUuid(commitmentId)) return { ok: false, error: "notFound" };
  const [row] = await db()
    .select()
    .from(commitments)
    .where(and(eq(commitments.id, commitmentId), eq(commitments.memberId, memberId)));
  const repeat = row && repeatOf(row);
  if (!row || !repeat || !row.startsOn) return { ok: false, error: "notFound" };
  const commitment = { id: row.id, repeat, startsOn: row.startsOn };
  if (!fallsOn(commitment, day) || day > today || day < addDays(today, -TICK_DAYS_BACK))
    return { ok: false, error: "dayInvalid" };
  if (isPaused(await pausesOf(memberId), commitmentId, day)) return { ok: false, error: "dayInvalid" };
  const occurrence = and(eq(commitmentOccurrences.commitmentId, commitmentId), eq(commitmentOccurrences.day, day));
  if (done) await db().insert(commitmentOccurrences).values({ commitmentId, day }).onConflictDoNothing();
  else await db().delete(commitmentOccurrences).where(occurrence);
  return { ok: true };
}
