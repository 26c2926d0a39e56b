import { localTime } from "~/.server/calendar/time-zones.server";
import { sessionDate } from "~/.server/calendar/when-words.server";
import type { Language } from "~/i18n/config";
import type { Booking, Coach } from "../booking-records.server";

/**
 * The coach's notice: until `change_notice_hours` before a session, its member
 * may move or cancel it themselves; inside it, only the coach can, and the member is told how to
 * reach them. The coach's own changes are not bound by it.
 */
export const CHANGE_NOTICE_LIMITS = { min: 0, max: 168 } as const;

const HOUR_MS = 60 * 60 * 1000;

/** The last instant the member may still change the session themselves. */
export function changeDeadline(startsAt: Date, coach: Pick<Coach, "changeNoticeHours">): Date {
  return new Date(startsAt.getTime() - coach.changeNoticeHours * HOUR_MS);
}

/** A confirmed session not started yet whose member can no longer change it: the notice has begun. */
export function isInsideNotice(
  session: Pick<Booking, "status" | "startsAt">,
  coach: Pick<Coach, "changeNoticeHours">,
  now: Date,
): boolean {
  return session.status === "confirmed" && session.startsAt > now && changeDeadline(session.startsAt, coach) <= now;
}

/** What the notice's message reads (coaching:errors.insideNotice), page and API alike. */
export function noticeWords(coach: Pick<Coach, "changeNoticeHours" | "name" | "email">) {
  return { hours: coach.changeNoticeHours, coach: coach.name, email: coach.email };
}

/** The notice as the member's session page shows it (components/presentational/change-notice.tsx). */
export function noticeView(
  session: Pick<Booking, "status" | "startsAt">,
  coach: Pick<Coach, "changeNoticeHours" | "name" | "email">,
  lang: Language,
  timeZone: string,
  now: Date,
) {
  if (isInsideNotice(session, coach, now)) return { inside: true as const, ...noticeWords(coach) };
  const deadline = changeDeadline(session.startsAt, coach);
  return { inside: false as const, date: sessionDate(lang, deadline, timeZone), time: localTime(deadline, timeZone) };
}
