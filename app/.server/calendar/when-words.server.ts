import { dateFormat } from "~/.server/calendar/date-formats.server";
import { localTime } from "~/.server/calendar/time-zones.server";
import { zoneName } from "~/.server/calendar/zone-names.server";
import type { Language } from "~/i18n/config";

/**
 * A session's date, time and time zone in words (SPEC §3 "Coaching session: coach, date, time,
 * time zone"), for pages and emails alike, always in the zone of whoever reads it.
 */
export function sessionDate(lang: Language, start: Date, timeZone: string): string {
  return dateFormat(lang, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone }).format(start);
}

export function sessionTime(start: Date, end: Date, timeZone: string): string {
  return `${localTime(start, timeZone)}–${localTime(end, timeZone)}`;
}

/** "lundi 7 décembre 2026, 10:00–10:45, Paris (UTC+1)". */
export function sessionWhen(lang: Language, start: Date, end: Date, timeZone: string): string {
  return `${sessionDate(lang, start, timeZone)}, ${sessionTime(start, end, timeZone)}, ${zoneName(lang, timeZone, start)}`;
}
