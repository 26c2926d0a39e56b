import { addDays } from "~/.server/calendar/days.server";

/**
 * The rules of recurring commitments, on calendar days only (YYYY-MM-DD, already
 * in the member's time zone): which days a commitment falls on, which days a pause covers, and
 * the streak of weeks kept. Weeks run Monday to Sunday, as French calendars do.
 */
export type Repeat = { kind: "weekly"; weekdays: number[] } | { kind: "every"; days: number };

export type Recurring = { id: string; repeat: Repeat; startsOn: string };

export type Pause = { id: string; commitmentId: string | null; startsOn: string; endsOn: string };

/** How far back a streak is counted: five years of weeks, whatever the history. */
const STREAK_WEEKS_BACK = 260;

/** The ISO weekday of a day: Monday 1 … Sunday 7. */
export function isoWeekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}

/** The Monday that starts the week of `day`. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** The stored weekday bits (Monday 1, Tuesday 2, … Sunday 64) as ISO weekdays, and back. */
export function weekdaysOfBits(bits: number): number[] {
  return [1, 2, 3, 4, 5, 6, 7].filter((weekday) => bits & (1 << (weekday - 1)));
}
export function bitsOfWeekdays(weekdays: number[]): number {
  return weekdays.reduce((bits, weekday) => bits | (1 << (weekday - 1)), 0);
}

/** A stored commitment's rule, or null for a one-off commitment. */
export function repeatOf(row: { repeatWeekdays: number | null; repeatEveryDays: number | null }): Repeat | null {
  if (row.repeatWeekdays) return { kind: "weekly", weekdays: weekdaysOfBits(row.repeatWeekdays) };
  if (row.repeatEveryDays) return { kind: "every", days: row.repeatEveryDays };
  return null;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Whether the commitment falls on `day`. */
export function fallsOn(commitment: Recurring, day: string): boolean {
  if (day < commitment.startsOn) return false;
  const { repeat } = commitment;
  return repeat.kind === "weekly"
    ? repeat.weekdays.includes(isoWeekday(day))
    : daysBetween(commitment.startsOn, day) % repeat.days === 0;
}

/** The days of [from, to] the commitment falls on. */
export function occurrencesBetween(commitment: Recurring, from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (fallsOn(commitment, day)) days.push(day);
  return days;
}

/** Whether a pause (of this commitment, or of all of them) covers `day`. */
export function isPaused(pauses: Pause[], commitmentId: string, day: string): boolean {
  return pauses.some(
    (pause) =>
      (pause.commitmentId === null || pause.commitmentId === commitmentId) &&
      pause.startsOn <= day &&
      day <= pause.endsOn,
  );
}

/**
 * Consecutive weeks in which every recurring commitment was done on each of its days that no
 * pause covered. A week with no such day (all paused, or nothing due) neither counts nor breaks
 * the streak; the week in progress counts once all its days are done, and never breaks it.
 */
export function weekStreak(input: {
  commitments: Recurring[];
  done: Set<string>;
  pauses: Pause[];
  today: string;
}): number {
  const { commitments, done, pauses, today } = input;
  if (commitments.length === 0) return 0;
  const earliest = commitments.map((c) => c.startsOn).sort()[0];
  const thisMonday = mondayOf(today);
  let streak = 0;
  for (let week = 0; week < STREAK_WEEKS_BACK; week++) {
    const monday = addDays(thisMonday, -7 * week);
    if (addDays(monday, 6) < earliest) break;
    const owed = commitments.flatMap((commitment) =>
      occurrencesBetween(commitment, monday, addDays(monday, 6))
        .filter((day) => !isPaused(pauses, commitment.id, day))
        .map((day) => doneKey(commitment.id, day)),
    );
    if (owed.length === 0) continue;
    const kept = owed.every((key) => done.has(key));
    if (kept) streak++;
    else if (week > 0) break;
  }
  return streak;
}

/** The key of one occurrence in the `done` set. */
export function doneKey(commitmentId: string, day: string): string {
  return `${commitmentId}/${day}`;
}
