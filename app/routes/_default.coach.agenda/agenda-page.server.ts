import { dateFormat } from "~/.server/calendar/date-formats.server";
import { addDays } from "~/.server/calendar/days.server";
import { localDay } from "~/.server/calendar/time-zones.server";
import { zoneName } from "~/.server/calendar/zone-names.server";
import { env } from "~/.server/config/env.server";
import type { Language } from "~/i18n/config";
import { agendaPath } from "~/.server/coaching/agenda/agenda-link.server";
import type { Coach } from "~/.server/coaching/booking-records.server";
import { agendaOf, CANCEL_REASON_LENGTH, pageNumber } from "~/.server/coaching/agenda/coach-agenda.server";
import { timeOffBounds, timeOffOf } from "~/.server/coaching/agenda/coach-time-off.server";

/**
 * A coach's agenda page, shared by its two doors: the signed-in coach's space (/coach/agenda, this
 * folder) and the private link of the coach's emails (/coach/agenda/{token}, coaches without an
 * account). `base` is the page's own path: its forms, links and redirects stay on it.
 */

const notices = ["cancelled", "moved", "marked", "removed", "renewed", "timeOff"] as const;

/** What the last post did, from the query its redirect set (?cancelled, ?moved, ?marked, ?removed, ?renewed, ?timeOff=N). */
export function agendaNotice(query: URLSearchParams) {
  const cancelledCount = Number(query.get("timeOff"));
  return {
    notice: notices.find((notice) => query.has(notice)) ?? null,
    cancelledCount: Number.isInteger(cancelledCount) && cancelledCount >= 0 ? Math.min(cancelledCount, 10_000) : 0,
  };
}

/** The coach's time off in words: a day, or a first and last day. */
export function timeOffView(daysOff: Awaited<ReturnType<typeof timeOffOf>>, lang: Language) {
  const dayFormat = dateFormat(lang, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));
  return daysOff.map((off) => ({
    id: off.id,
    first: dayLabel(off.firstDay),
    last: off.lastDay === off.firstDay ? null : dayLabel(off.lastDay),
    reason: off.reason,
  }));
}

/** Everything the agenda page shows, each list a page at a time (?page=, ?past=), times in the coach's zone. */
export async function agendaPageData(
  coach: Coach,
  { lang, query, base }: { lang: Language; query: URLSearchParams; base: string },
) {
  const now = new Date();
  const [agenda, daysOff] = await Promise.all([
    agendaOf(
      coach,
      { lang, upcomingPage: pageNumber(query.get("page")), pastPage: pageNumber(query.get("past")) },
      now,
    ),
    timeOffOf(coach, now),
  ]);
  const today = localDay(now, coach.timeZone);
  return {
    coach: { name: coach.name, photo: coach.photo, zone: zoneName(lang, coach.timeZone, now) },
    base,
    ...agenda,
    timeOff: timeOffView(daysOff, lang),
    days: { today, latest: addDays(today, timeOffBounds.aheadDays) },
    // Server-side bounds, handed to the forms (a .server module's values do not reach the browser).
    limits: { cancelReason: CANCEL_REASON_LENGTH, timeOffReason: timeOffBounds.reasonLength },
    feedUrl: `${env().APP_URL}${agendaPath(coach)}/sessions.ics`,
    ...agendaNotice(query),
  };
}

export type AgendaPageData = Awaited<ReturnType<typeof agendaPageData>>;
