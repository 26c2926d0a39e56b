import { redirect } from "@remix-run/node";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { coachLanguage, coachOfAgendaToken } from "~/.server/coaching/agenda-link.server";
import type { timeOffOf } from "~/.server/coaching/coach-time-off.server";
import { notFound } from "~/.server/http/not-found.server";
import { languageCookie } from "~/.server/i18n/i18n.server";
import type { Language } from "~/i18n/config";

/** The coach the link's token names (coaches have no account: the token is the key); 404 otherwise. */
export async function coachOfLink(request: Request, token: string | undefined) {
  const coach = token ? await coachOfAgendaToken(token) : null;
  if (!coach) notFound(request);
  return coach;
}

/** The page speaks the coach's language until the visitor picks one with the language switch. */
export async function speakCoachLanguage(request: Request, coach: { languages: string[] }) {
  if ((await languageCookie.parse(request.headers.get("Cookie"))) !== null) return;
  const { pathname, search } = new URL(request.url);
  throw redirect(pathname + search, {
    headers: { "Set-Cookie": await languageCookie.serialize(coachLanguage(coach)) },
  });
}

/** What the last post did, from the query its redirect set (?cancelled, ?removed, ?timeOff=N). */
export function agendaNotice(query: URLSearchParams) {
  const cancelledCount = Number(query.get("timeOff"));
  return {
    notice: query.has("cancelled")
      ? ("cancelled" as const)
      : query.has("removed")
        ? ("removed" as const)
        : query.has("timeOff")
          ? ("timeOff" as const)
          : null,
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
