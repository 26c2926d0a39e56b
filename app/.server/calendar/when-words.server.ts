import { dateFormat } from "~/.server/calendar/date-formats.server";
import { localDay, localTime } from "~/.server/calendar/time-zones.server";
import { zoneCity, zoneName } from "~/.server/calendar/zone-names.server";
import type { Language } from "~/i18n/config";
import { createT } from "~/i18n/translate";
import { resources } from "~/locales/resources";

/**
 * A session's date, time and time zone in words (SPEC §3 "Coaching session: coach, date, time,
 * time zone"), for pages and emails alike, always in the zone of whoever reads it.
 */
export function sessionDate(lang: Language, start: Date, timeZone: string): string {
  return dateFormat(lang, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone }).format(start);
}

/** The day without its year, as a heading names it: "jeudi 3 décembre". */
export function sessionDay(lang: Language, start: Date, timeZone: string): string {
  return dateFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone }).format(start);
}

export function sessionTime(start: Date, end: Date, timeZone: string): string {
  return `${localTime(start, timeZone)}–${localTime(end, timeZone)}`;
}

/** "lundi 7 décembre 2026, 10:00–10:45, Paris (UTC+1)". */
export function sessionWhen(lang: Language, start: Date, end: Date, timeZone: string): string {
  return `${sessionDate(lang, start, timeZone)}, ${sessionTime(start, end, timeZone)}, ${zoneName(lang, timeZone, start)}`;
}

/**
 * A session booked in one zone, read by someone whose own zone is another: its start in both,
 * the booked one first, "22:00 à Tokyo · 14:00 à Paris" (each with its day when the two days
 * differ). Null when both zones show the same time on the same day.
 */
export function sessionInTwoZones(lang: Language, start: Date, bookedZone: string, readerZone: string): string | null {
  const sameDay = localDay(start, bookedZone) === localDay(start, readerZone);
  if (sameDay && localTime(start, bookedZone) === localTime(start, readerZone)) return null;
  const t = createT(lang, "common", resources[lang], resources.en);
  const at = (zone: string) =>
    t(sameDay ? "zones.timeIn" : "zones.dayTimeIn", {
      time: localTime(start, zone),
      city: zoneCity(lang, zone),
      day: sessionDay(lang, start, zone),
    });
  return `${at(bookedZone)} · ${at(readerZone)}`;
}
