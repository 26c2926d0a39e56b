import { dateFormat } from "~/.server/calendar/date-formats.server";
import { timeZoneRegions, usualTimeZones, zonesOfRegion } from "~/.server/calendar/time-zones.server";
import type { Language } from "~/i18n/config";
import { resources } from "~/locales/resources";

/**
 * A time zone as a person reads it: its city and its offset, "Tokyo (UTC+9)", "New York (UTC−5)",
 * never its IANA id. Intl names no city (its zone names are "heure du Japon"), so the city is the
 * id's last part, translated by the small table in common.json where the language spells it
 * otherwise ("Londres"); the offset is Intl's own ("shortOffset").
 */
function words(lang: Language) {
  return resources[lang].common.zones as { regions: Record<string, string>; cities: Record<string, string> };
}

export function zoneCity(lang: Language, zone: string): string {
  if (!zone.includes("/")) return zone;
  const last = zone.slice(zone.lastIndexOf("/") + 1);
  return words(lang).cities[last] ?? last.replace(/_/g, " ");
}

/** The zone's offset at `instant`: "UTC+9", "UTC−5", "UTC+5:30", in every language. */
export function zoneOffset(lang: Language, zone: string, instant: Date): string {
  const parts = dateFormat(lang, { timeZone: zone, timeZoneName: "shortOffset" }).formatToParts(instant);
  const offset = parts.find((part) => part.type === "timeZoneName")?.value ?? "UTC";
  // English says GMT and a hyphen; both languages read UTC and a minus sign.
  return offset.replace(/^GMT/, "UTC").replace("-", "−");
}

/** "Tokyo (UTC+9)". */
export function zoneName(lang: Language, zone: string, instant = new Date()): string {
  return `${zoneCity(lang, zone)} (${zoneOffset(lang, zone, instant)})`;
}

/** A region of the world ("Asia" of "Asia/Tokyo") in words: "Asie". */
export function regionName(lang: Language, region: string): string {
  return words(lang).regions[region] ?? region;
}

/** A select's options: each zone's id and its name, in the order given. */
export function zoneOptions(lang: Language, zones: string[], instant = new Date()) {
  return zones.map((zone) => ({ value: zone, label: zoneName(lang, zone, instant) }));
}

/** A select's options: each region's id and its name. */
export function regionOptions(lang: Language, regions: string[]) {
  return regions.map((region) => ({ value: region, label: regionName(lang, region) }));
}

/** What a page listing every zone shows: the usual zones, the regions, and the zones of the one shown. */
export function zonePicker(lang: Language, region: string) {
  return {
    usualZones: zoneOptions(lang, usualTimeZones()),
    regions: regionOptions(lang, timeZoneRegions()),
    region,
    regionLabel: regionName(lang, region),
    regionZones: zoneOptions(lang, zonesOfRegion(region)),
  };
}
