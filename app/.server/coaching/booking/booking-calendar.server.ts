import { dateFormat } from "~/.server/calendar/date-formats.server";
import { safeRedirectPath } from "~/.server/http/safe-redirect.server";
import { isUuid } from "~/.server/db/uuid.server";
import { DAY_MS, isCalendarDay } from "~/.server/calendar/days.server";
import type { Language } from "~/i18n/config";
import type { Coach } from "../booking-records.server";
import { openingsOf, scheduleOf } from "./free-times.server";
import { sessionDate, sessionInTwoZones, sessionTime } from "~/.server/calendar/when-words.server";
import { noticeView } from "./change-notice.server";
import { zoneName } from "~/.server/calendar/zone-names.server";
import { freeSlots, monthGrid, monthOf, shiftMonth, slotsOnDay } from "./slots.server";
import { isTimeZone, localDay } from "~/.server/calendar/time-zones.server";

/**
 * What the booking steps show for one coach (SPEC §2 "Coaching booking: coach, discovery
 * session, select a date and time, time zone"): a month of dates with free times, the times of
 * the chosen date, and the chosen time to confirm, all in the member's time zone. The steps live
 * in the query string so that each one is a plain link or GET form (no JavaScript needed).
 */
export type BookingQuery = {
  timeZone: string;
  month: string | null;
  day: string | null;
  start: string | null;
  from: string | null;
  reschedule: string | null;
};

export type DayStatus = "past" | "free" | "full" | "closed";

/** The steps' query (a page's search parameters); without a valid ?tz, the member's own time zone. */
export function bookingQuery(search: URLSearchParams, memberZone: string): BookingQuery {
  const get = (name: string) => search.get(name);
  const month = get("month");
  const day = get("day");
  const from = get("from");
  const reschedule = get("reschedule");
  return {
    timeZone: isTimeZone(get("tz")) ? get("tz")! : memberZone,
    month: month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : null,
    day: day && isCalendarDay(day) ? day : null,
    // Echoed into links and hidden fields: an instant is 24 characters, anything far longer is no time.
    start: (get("start")?.length ?? 0) <= 64 ? get("start") : null,
    // Only a path of ours, to lead back to the module the member came from.
    from: from ? safeRedirectPath(from, "") || null : null,
    reschedule: reschedule && isUuid(reschedule) ? reschedule : null,
  };
}

/** The calendar of the booking steps, as the page shows it. */
export type BookingCalendar = Awaited<ReturnType<typeof bookingCalendar>>;

/** `readerZone`: the member's own zone, which the chosen time is also told in when it differs. */
export async function bookingCalendar(
  coach: Coach,
  query: BookingQuery,
  lang: Language,
  readerZone: string,
  now = new Date(),
) {
  const { timeZone } = query;
  const horizon = new Date(now.getTime() + coach.horizonDays * DAY_MS);
  const firstMonth = localDay(now, timeZone).slice(0, 7);
  const lastMonth = localDay(horizon, timeZone).slice(0, 7);
  const asked = query.month ?? query.day?.slice(0, 7) ?? null;
  // The asked month, kept within the booking window ("YYYY-MM" strings compare in calendar order).
  // biome-ignore lint/complexity/useMathMinMax: Math.min and Math.max take numbers, these are strings
  let month = asked === null || asked < firstMonth ? firstMonth : asked > lastMonth ? lastMonth : asked;
  const freeIn = async (wanted: string) => {
    const range = monthOf(wanted, timeZone)!;
    return openingsOf(coach, range.from, range.to, { now, exceptBookingId: query.reschedule ?? undefined });
  };
  const opening = await freeIn(month);
  let { slots, timeOff } = opening;
  // Without a month asked for: the first month with a free time, so the calendar never opens empty;
  // a coach with no free time at all (no hours yet) opens on the current month, not the last one.
  while (asked === null && slots.length === 0 && month < lastMonth) {
    month = shiftMonth(month, 1);
    ({ slots, timeOff } = await freeIn(month));
  }
  if (slots.length === 0 && asked === null) {
    month = firstMonth;
    ({ slots, timeOff } = opening);
  }

  const monthTitle = dateFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
  const dayLabel = dateFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const weekday = dateFormat(lang, { weekday: "short", timeZone: "UTC" });
  // 2026-11-01 is a Sunday: the calendar's first column.
  const weekdays = Array.from({ length: 7 }, (_, index) => weekday.format(new Date(Date.UTC(2026, 10, 1 + index))));
  // What each day of the month is, said in words (not by colour alone): past, with free
  // times, fully booked (the coach works then, within the booking window, and every time is
  // taken), or without sessions (the coach does not work then, or it is out of the window).
  const today = localDay(now, timeZone);
  const range = monthOf(month, timeZone)!;
  // Days the coach works: their time off is not ("no sessions that day", not "fully booked").
  const openDays = new Set(
    freeSlots(scheduleOf(coach), { ...range, busy: timeOff, now }).map((slot) => localDay(slot.start, timeZone)),
  );
  const statusOf = (day: string, slotCount: number): DayStatus =>
    day < today ? "past" : slotCount > 0 ? "free" : openDays.has(day) ? "full" : "closed";
  const weeks = monthGrid(month, timeZone, slots).map((week) =>
    week.map((cell) => ({
      ...cell,
      status: statusOf(cell.day, cell.slotCount),
      number: Number(cell.day.slice(8)),
      label: dayLabel.format(new Date(`${cell.day}T12:00:00Z`)),
    })),
  );

  const times = query.day
    ? slotsOnDay(query.day, timeZone, slots).map((slot) => ({ start: slot.start.toISOString(), time: slot.time }))
    : [];
  const chosenSlot = query.start ? slots.find((slot) => slot.start.toISOString() === query.start) : undefined;
  return {
    timeZone,
    // The offset of the day shown, not today's: they differ across a daylight-saving change.
    zone: zoneName(lang, timeZone, times[0] ? new Date(times[0].start) : now),
    month,
    monthTitle,
    previousMonth: month > firstMonth ? shiftMonth(month, -1) : null,
    nextMonth: month < lastMonth ? shiftMonth(month, 1) : null,
    weekdays,
    weeks,
    hasSlots: weeks.some((week) => week.some((cell) => cell.inMonth && cell.slotCount > 0)),
    day: query.day ? { day: query.day, label: dayLabel.format(new Date(`${query.day}T12:00:00Z`)), times } : null,
    chosen: chosenSlot
      ? {
          start: chosenSlot.start.toISOString(),
          date: sessionDate(lang, chosenSlot.start, timeZone),
          time: sessionTime(chosenSlot.start, chosenSlot.end, timeZone),
          zone: zoneName(lang, timeZone, chosenSlot.start),
          alsoAt: sessionInTwoZones(lang, chosenSlot.start, timeZone, readerZone),
          // Said before the member confirms: until when they may change it, or that they will not be able to.
          notice: noticeView({ status: "confirmed", startsAt: chosenSlot.start }, coach, lang, timeZone, now),
        }
      : null,
    // A time asked for that is no longer free (taken meanwhile, or forged).
    chosenGone: Boolean(query.start) && !chosenSlot,
  };
}
