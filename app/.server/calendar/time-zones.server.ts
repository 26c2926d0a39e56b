import { addDays, DEFAULT_TIME_ZONE } from "~/.server/calendar/days.server";

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;
const dayPattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

// Building an Intl.DateTimeFormat costs far more than using one; slot lists convert hundreds of
// instants per page. Keys are whatever zone spellings callers pass (Intl accepts any letter case),
// so the cache is emptied when it grows past any plausible set of real zones.
const formatters = new Map<string, Intl.DateTimeFormat>();
const maxCachedFormatters = 1_000;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let cached = formatters.get(timeZone);
  if (!cached) {
    cached = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    if (formatters.size >= maxCachedFormatters) formatters.clear();
    formatters.set(timeZone, cached);
  }
  return cached;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The zone's wall clock at `instant`, as Intl reads it (slow: see offsetMs). */
function exactWallClock(instant: Date, timeZone: string): WallClock {
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  // Some ICU versions still write midnight as 24 despite hourCycle h23.
  if (clock.hour === 24) clock.hour = 0;
  return clock;
}

/** The zone's wall clock at `instant`: the instant moved by the zone's offset, read as UTC. */
function wallClock(instant: Date, timeZone: string): WallClock {
  const instantMs = instant.getTime();
  const local = new Date(instantMs + offsetMs(instantMs, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The wall clock read as if it were UTC, in milliseconds (setUTCFullYear keeps years below 100 literal). */
function wallClockMs({ year, month, day, hour, minute, second }: WallClock): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

function exactOffsetMs(instantMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(exactWallClock(new Date(wholeSecond), timeZone)) - wholeSecond;
}

// Intl's formatToParts is slow, and a booking page reads the local day of every free time of a
// month, three times over. A zone's offset changes a few times a year at most: it is read at the
// start, middle and end of each UTC day and, when the three agree, kept for the whole day. On a
// day they differ (a daylight-saving change), each instant is read exactly. Bounded like formatters.
const dayOffsets = new Map<string, number | null>();
const maxCachedDayOffsets = 10_000;

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function offsetMs(instantMs: number, timeZone: string): number {
  const dayStart = Math.floor(instantMs / dayMs) * dayMs;
  const key = `${timeZone} ${dayStart}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const atStart = exactOffsetMs(dayStart, timeZone);
    const steady =
      exactOffsetMs(dayStart + dayMs / 2, timeZone) === atStart &&
      exactOffsetMs(dayStart + dayMs - 1000, timeZone) === atStart;
    offset = steady ? atStart : null;
    if (dayOffsets.size >= maxCachedDayOffsets) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return offset ?? exactOffsetMs(instantMs, timeZone);
}

/** "YYYY-MM-DD" and "HH:mm" read as a UTC instant, or null unless both name a real calendar date and time. */
function wallMs(day: string, time: string): number | null {
  if (!dayPattern.test(day) || !timePattern.test(time)) return null;
  const date = new Date(`${day}T${time}:00Z`);
  return date.toISOString().slice(0, 16) === `${day}T${time}` ? date.getTime() : null;
}

/** Whether `value` names a time zone Intl knows (IANA names such as "Europe/Paris", or "UTC"). */
export function isTimeZone(value: unknown): value is string {
  // Offsets such as "+01:00" are not zones; newer engines would accept them.
  if (typeof value !== "string" || value.length > 64 || !/^[A-Za-z]/.test(value)) return false;
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

let choices: string[] | undefined;

/** Every zone a member may pick, sorted; computed once. */
/** The zones most members are in (France, its overseas territories, neighbours, North America), offered first. */
const usualZones = [
  "Europe/Paris",
  "Europe/Brussels",
  "Europe/Zurich",
  "Europe/Luxembourg",
  "Europe/London",
  "Africa/Casablanca",
  "Africa/Dakar",
  "Africa/Abidjan",
  "Indian/Reunion",
  "America/Guadeloupe",
  "America/Martinique",
  "America/Cayenne",
  "Pacific/Noumea",
  "Pacific/Tahiti",
  "America/Toronto",
  "America/New_York",
  "America/Chicago",
  "America/Los_Angeles",
];

let usual: string[] | undefined;
export function usualTimeZones(): string[] {
  usual ??= usualZones.filter((zone) => timeZoneChoices().includes(zone));
  return usual;
}

export function timeZoneChoices(): string[] {
  choices ??= [...new Set([...Intl.supportedValuesOf("timeZone"), "UTC", DEFAULT_TIME_ZONE])].sort();
  return choices;
}

/**
 * The part of the world a zone belongs to: its first segment ("Europe" of "Europe/Paris"); "UTC"
 * for zones without one. The pages that list every zone show one region at a time: the ~420 zones
 * at once weighed more than a page's first round trip (and went twice: markup and page data).
 */
export function regionOf(zone: string): string {
  return zone.includes("/") ? zone.slice(0, zone.indexOf("/")) : "UTC";
}

let regions: string[] | undefined;
export function timeZoneRegions(): string[] {
  regions ??= [...new Set(timeZoneChoices().map(regionOf))].sort();
  return regions;
}

/** The zones of `region` (one of timeZoneRegions(); anything else: none). */
export function zonesOfRegion(region: string): string[] {
  return timeZoneChoices().filter((zone) => regionOf(zone) === region);
}

/** The region a page shows: the one asked for in its query when it exists, else the zone's own. */
export function shownRegion(asked: string | null, zone: string): string {
  return asked && timeZoneRegions().includes(asked) ? asked : regionOf(zone);
}

/**
 * The instant at which the wall clock in `timeZone` shows `day` ("YYYY-MM-DD") at `time` ("HH:mm").
 * Null when that wall time never happens (the hour skipped when clocks go forward) or the input is
 * malformed; when it happens twice (clocks going back), the earlier instant. Throws on an unknown zone.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date | null {
  const wall = wallMs(day, time);
  if (wall === null) return null;
  // Any instant showing this wall time lies within ±14 h of it; the offsets a day either side
  // are those in force before and after the one change of offset that can be near.
  const before = offsetMs(wall - dayMs, timeZone);
  const after = offsetMs(wall + dayMs, timeZone);
  const matching = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => offsetMs(instant, timeZone) === wall - instant);
  return matching.length === 0 ? null : new Date(Math.min(...matching));
}

/**
 * The first instant of `day` in `timeZone`: local midnight, or, where clocks jump over midnight
 * (America/Santiago, Asia/Beirut), the instant they land after it. Null for a malformed day.
 */
export function startOfDay(day: string, timeZone: string): Date | null {
  const midnight = wallMs(day, "00:00");
  if (midnight === null) return null;
  const exact = zonedInstant(day, "00:00", timeZone);
  if (exact) return exact;
  // Midnight falls in a gap, so the wall clock only rises near it: search for the first whole
  // second reading midnight or later, between 15 h before (offsets are at most +14 h) and 13 h after.
  let low = (midnight - 15 * 60 * minuteMs) / 1000;
  let high = (midnight + 13 * 60 * minuteMs) / 1000;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (middle * 1000 + offsetMs(middle * 1000, timeZone) >= midnight) high = middle;
    else low = middle;
  }
  return new Date(high * 1000);
}

/** The local calendar day of `instant` in `timeZone`, "YYYY-MM-DD". */
export function localDay(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
}

/** The local 24-hour time of `instant` in `timeZone`, "HH:mm" ("00:00" at midnight). */
export function localTime(instant: Date, timeZone: string): string {
  const { hour, minute } = wallClock(instant, timeZone);
  return `${pad(hour)}:${pad(minute)}`;
}

/** The zone's offset at `instant` as shown next to times, "UTC+01:00", "UTC-05:00", "UTC+00:00". */
export function utcOffset(instant: Date, timeZone: string): string {
  const minutes = Math.round(offsetMs(instant.getTime(), timeZone) / minuteMs);
  const sign = minutes < 0 ? "-" : "+";
  const absolute = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** The local days of `timeZone` from the one containing `from` to the one containing `to`, inclusive. */
export function localDaysBetween(from: Date, to: Date, timeZone: string): string[] {
  const days: string[] = [];
  const last = localDay(to, timeZone);
  for (let day = localDay(from, timeZone); day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}
