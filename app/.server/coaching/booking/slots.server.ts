import { addDays } from "~/.server/calendar/days.server";
import { localDay, localDaysBetween, localTime, startOfDay, zonedInstant } from "~/.server/calendar/time-zones.server";

export type Weekday = "sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat";
/** Local "HH:mm"–"HH:mm" windows per weekday, in the coach's time zone ("24:00" may end a window). */
export type WeeklyAvailability = Partial<Record<Weekday, [string, string][]>>;
export type CoachSchedule = {
  timeZone: string;
  weekly: WeeklyAvailability;
  sessionMinutes: number;
  bufferMinutes: number;
  /** The coach's own booking window (they set it with their hours); bookingWindow when left out. */
  minNoticeHours?: number;
  horizonDays?: number;
};
export type Slot = { start: Date; end: Date };
/** A booked time as the database keeps it: the session plus the coach's buffer after it. */
export type Busy = { start: Date; blockedUntil: Date };

/** How soon and how far ahead a member may book, unless the coach's schedule says otherwise (the defaults of a new coach). */
export const bookingWindow = { minNoticeHours: 12, horizonDays: 60 };

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const weekdays: Weekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** "HH:mm" as minutes since midnight; "24:00" is accepted as the end of the day. */
function minutesOf(time: string): number | null {
  const match = /^(\d{2}):([0-5]\d)$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * Every slot the coach's weekly windows offer with a start in [from, to), sorted. Slots follow one
 * another every session + buffer minutes of wall-clock time from each window's start and must end,
 * on the wall clock, by the window's end. A slot touching the hour skipped when clocks go forward is
 * left out (the member would see an odd time range); one spanning clocks going back is kept and,
 * like every slot, lasts exactly sessionMinutes of real time. A wall time met twice means its first occurrence.
 */
export function candidateSlots(schedule: CoachSchedule, from: Date, to: Date): Slot[] {
  // Pure and costly (two time-zone conversions per slot, ~9 ms for a month): the month pages ask
  // for the same few ranges again and again, so keep the latest answers. Callers never mutate them.
  // Keyed on all the slots depend on (not the booking window, applied after): a coach's changed
  // hours make a new key, so every process computes them afresh at once, and an old entry ages out.
  const { timeZone, weekly, sessionMinutes, bufferMinutes } = schedule;
  const key = `${JSON.stringify([timeZone, weekly, sessionMinutes, bufferMinutes])}|${from.getTime()}|${to.getTime()}`;
  const known = candidateCache.get(key);
  if (known) return known;
  const slots = computeCandidateSlots(schedule, from, to);
  if (candidateCache.size >= CANDIDATE_CACHE_SIZE) candidateCache.delete(candidateCache.keys().next().value!);
  candidateCache.set(key, slots);
  return slots;
}

const CANDIDATE_CACHE_SIZE = 200;
const candidateCache = new Map<string, Slot[]>();

function computeCandidateSlots(schedule: CoachSchedule, from: Date, to: Date): Slot[] {
  const { timeZone, weekly, sessionMinutes, bufferMinutes } = schedule;
  const step = sessionMinutes + bufferMinutes;
  if (
    !(Number.isInteger(sessionMinutes) && sessionMinutes > 0 && Number.isInteger(bufferMinutes) && bufferMinutes >= 0)
  )
    return [];
  if (!(from < to)) return [];
  const sessionMs = sessionMinutes * minuteMs;
  const starts = new Set<number>();
  for (const day of localDaysBetween(from, new Date(to.getTime() - 1), timeZone)) {
    for (const [open, close] of weekly[weekdays[weekdayOf(day)]] ?? []) {
      const first = minutesOf(open);
      const last = minutesOf(close);
      if (first === null || last === null) continue;
      for (let minutes = first; minutes + sessionMinutes <= last; minutes += step) {
        const start = zonedInstant(day, clock(minutes), timeZone);
        if (!start || start < from || start >= to) continue;
        // The clocks went forward during the slot when the real time elapsed up to its last wall
        // minute falls short of the wall-clock time: the slot would run across the skipped hour.
        const lastMinute = zonedInstant(day, clock(minutes + sessionMinutes - 1), timeZone);
        if (!lastMinute || lastMinute.getTime() - start.getTime() < sessionMs - minuteMs) continue;
        starts.add(start.getTime());
      }
    }
  }
  return [...starts]
    .sort((a, b) => a - b)
    .map((start) => ({ start: new Date(start), end: new Date(start + sessionMs) }));
}

/** Until when a session starting at `start` keeps the coach busy: the session, then the buffer. */
export function blockedUntil(schedule: CoachSchedule, start: Date): Date {
  return new Date(start.getTime() + (schedule.sessionMinutes + schedule.bufferMinutes) * minuteMs);
}

/**
 * The slots a member may book with a start in [from, to): candidates at least the coach's
 * minNoticeHours and at most their horizonDays after `now`, whose session and buffer do not overlap a busy time (touching is fine).
 */
export function freeSlots(
  schedule: CoachSchedule,
  { from, to, busy, now }: { from: Date; to: Date; busy: Busy[]; now: Date },
): Slot[] {
  const earliest = now.getTime() + (schedule.minNoticeHours ?? bookingWindow.minNoticeHours) * hourMs;
  const latest = now.getTime() + (schedule.horizonDays ?? bookingWindow.horizonDays) * 24 * hourMs;
  // Candidates of the range asked for (cached), then the booking window applied to them.
  return candidateSlots(schedule, from, to).filter((slot) => {
    const start = slot.start.getTime();
    if (start < earliest || start > latest) return false;
    const until = blockedUntil(schedule, slot.start);
    return !busy.some((taken) => slot.start < taken.blockedUntil && taken.start < until);
  });
}

/** Whether `start` is exactly a slot a member may book now: refuses start times forged in a form or API call. */
export function isOfferedSlot(
  schedule: CoachSchedule,
  start: Date,
  { busy, now }: { busy: Busy[]; now: Date },
): boolean {
  if (Number.isNaN(start.getTime())) return false;
  const to = new Date(start.getTime() + 1);
  return freeSlots(schedule, { from: start, to, busy, now }).some((slot) => slot.start.getTime() === start.getTime());
}

/** The instants bounding `month` ("YYYY-MM") in `timeZone`: its first local day's start to the next month's; null if malformed. */
export function monthOf(month: string, timeZone: string): { from: Date; to: Date } | null {
  if (!monthPattern.test(month)) return null;
  const from = startOfDay(`${month}-01`, timeZone);
  const to = startOfDay(`${shiftMonth(month, 1)}-01`, timeZone);
  return from && to ? { from, to } : null;
}

/**
 * The calendar of `month` as weeks running Sunday to Saturday, padded with the neighbouring months'
 * days (which count no slots); each day of the month counts the slots starting on it in `timeZone`.
 * Empty for a malformed month.
 */
export function monthGrid(
  month: string,
  timeZone: string,
  slots: Slot[],
): { day: string; inMonth: boolean; slotCount: number }[][] {
  if (!monthPattern.test(month)) return [];
  const counts = new Map<string, number>();
  for (const slot of slots) {
    const day = localDay(slot.start, timeZone);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  const firstOfMonth = `${month}-01`;
  const lastOfMonth = addDays(`${shiftMonth(month, 1)}-01`, -1);
  const weeks: { day: string; inMonth: boolean; slotCount: number }[][] = [];
  for (
    let sunday = addDays(firstOfMonth, -weekdayOf(firstOfMonth));
    sunday <= lastOfMonth;
    sunday = addDays(sunday, 7)
  ) {
    weeks.push(
      Array.from({ length: 7 }, (_, index) => {
        const day = addDays(sunday, index);
        const inMonth = day.startsWith(month);
        return { day, inMonth, slotCount: inMonth ? (counts.get(day) ?? 0) : 0 };
      }),
    );
  }
  return weeks;
}

/** The slots starting on local `day` in `timeZone`, in the given order, each with its local "HH:mm" start. */
export function slotsOnDay(day: string, timeZone: string, slots: Slot[]): { start: Date; end: Date; time: string }[] {
  return slots
    .filter((slot) => localDay(slot.start, timeZone) === day)
    .map((slot) => ({ start: slot.start, end: slot.end, time: localTime(slot.start, timeZone) }));
}

/** `month` ("YYYY-MM") moved by `count` months; throws on a malformed month. */
export function shiftMonth(month: string, count: number): string {
  const match = monthPattern.exec(month);
  if (!match) throw new RangeError(`Not a YYYY-MM month: ${month}`);
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + count;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, "0")}-${String(index - year * 12 + 1).padStart(2, "0")}`;
}
