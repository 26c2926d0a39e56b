/**
 * iCalendar files (RFC 5545) for booked discovery sessions, attached to the confirmation and
 * cancellation emails as iMIP messages (RFC 5546 methods REQUEST and CANCEL). Dependency-free: the
 * VTIMEZONE is computed from the runtime's Intl time-zone data, so a calendar shows the session at
 * the right time even when it does not know the zone's name.
 */

/** One booking as a calendar event. */
export type CalendarEvent = {
  /** Stable per booking (e.g. `${bookingId}@cap`): a client updates or cancels the event it names. */
  uid: string;
  /** 0 at booking, +1 at each reschedule or cancellation: a client ignores a lower one. */
  sequence: number;
  start: Date;
  end: Date;
  /** IANA zone the event is written in (the member's or the coach's). */
  timeZone: string;
  summary: string;
  description: string;
  /** The meeting URL, which calendars show as the place. */
  location: string;
  url: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
  /** When the message was made (DTSTAMP). */
  stamp: Date;
};

/** The Content-Type of each attachment: iMIP clients read the method from it. */
export const icsContentType = {
  request: "text/calendar; charset=utf-8; method=REQUEST",
  cancel: "text/calendar; charset=utf-8; method=CANCEL",
} as const;

/** The invitation sent at booking and at each reschedule (with a higher sequence). */
export function invitationIcs(event: CalendarEvent): string {
  return calendar(event, "REQUEST");
}

/** The cancellation of an invitation: same uid, higher sequence. */
export function cancellationIcs(event: CalendarEvent): string {
  return calendar(event, "CANCEL");
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function calendar(event: CalendarEvent, method: "REQUEST" | "CANCEL"): string {
  assertValid(event);
  const zone = zoneClock(event.timeZone);
  const lines = [
    "BEGIN:VCALENDAR",
    "PRODID:-//Cap//Coaching//FR",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...vtimezone(zone, event),
    "BEGIN:VEVENT",
    ...eventLines(event, zone),
    `ORGANIZER${commonName(event.organizer.name)}:mailto:${uri(event.organizer.email)}`,
    ...event.attendees.map(
      (attendee) =>
        `ATTENDEE${commonName(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${uri(attendee.email)}`,
    ),
    `STATUS:${method === "REQUEST" ? "CONFIRMED" : "CANCELLED"}`,
    "TRANSP:OPAQUE",
    ...(method === "REQUEST"
      ? ["BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${text(event.summary)}`, "TRIGGER:-PT15M", "END:VALARM"]
      : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** What an event says of itself, invitation or feed alike: its identity, times (in `zone`) and texts. */
function eventLines(event: FeedEvent, zone: ReturnType<typeof zoneClock>): string[] {
  return [
    `UID:${text(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${dateTime(event.stamp.getTime())}Z`,
    `DTSTART;TZID=${param(zone.id)}:${zone.wallTime(event.start.getTime())}`,
    `DTEND;TZID=${param(zone.id)}:${zone.wallTime(event.end.getTime())}`,
    `SUMMARY:${text(event.summary)}`,
    ...optional("DESCRIPTION", text(event.description)),
    ...optional("LOCATION", text(event.location)),
    ...optional("URL", uri(event.url)),
  ];
}

type FeedEvent = Pick<
  CalendarEvent,
  "uid" | "sequence" | "start" | "end" | "summary" | "description" | "location" | "url" | "stamp"
>;

/**
 * A calendar feed (METHOD:PUBLISH) a calendar app subscribes to: every event in one zone, the
 * cancelled ones with STATUS:CANCELLED, no invitation to answer (no RSVP, no alarm).
 */
export function feedIcs(name: string, timeZone: string, events: (FeedEvent & { cancelled: boolean })[]): string {
  const zone = zoneClock(timeZone);
  for (const event of events) assertValid(event);
  const span = events.length
    ? {
        start: new Date(Math.min(...events.map((event) => event.start.getTime()))),
        end: new Date(Math.max(...events.map((event) => event.end.getTime()))),
      }
    : null;
  const lines = [
    "BEGIN:VCALENDAR",
    "PRODID:-//Cap//Coaching//FR",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${text(name)}`,
    `X-WR-TIMEZONE:${text(zone.id)}`,
    ...(span ? vtimezone(zone, span) : []),
    ...events.flatMap((event) => [
      "BEGIN:VEVENT",
      ...eventLines(event, zone),
      `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
      `TRANSP:${event.cancelled ? "TRANSPARENT" : "OPAQUE"}`,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** Refuses what would make a file that calendars reject or misread. */
function assertValid(event: Pick<CalendarEvent, "start" | "end" | "stamp" | "sequence">): void {
  for (const date of [event.start, event.end, event.stamp]) {
    if (Number.isNaN(date.getTime())) throw new RangeError("Calendar event with an invalid date");
  }
  if (event.end.getTime() < event.start.getTime()) throw new RangeError("Calendar event ending before it starts");
  if (!Number.isInteger(event.sequence) || event.sequence < 0) {
    throw new RangeError("Calendar event sequence must be a non-negative integer");
  }
}

/** A zone's UTC offset (in minutes) and wall-clock time at any instant, read from Intl. */
type ZoneClock = { id: string; offset(at: number): number; wallTime(at: number): string; name(at: number): string };

/** Throws a RangeError for a zone unknown to Intl. */
function zoneClock(id: string): ZoneClock {
  const fields = new Intl.DateTimeFormat("en-US", {
    timeZone: id,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  // en-US knows the American abbreviations (EST), en-GB the European ones (CET, BST).
  const names = ["en-US", "en-GB"].map(
    (locale) => new Intl.DateTimeFormat(locale, { timeZone: id, timeZoneName: "short" }),
  );
  const offset = (at: number): number => {
    const part = Object.fromEntries(fields.formatToParts(at).map(({ type, value }) => [type, Number(value)]));
    const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
    return Math.round((wall - Math.floor(at / 1000) * 1000) / MINUTE);
  };
  return {
    id,
    offset,
    wallTime: (at) => dateTime(at + offset(at) * MINUTE),
    name: (at) => {
      const found = names.map(
        (format) => format.formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "",
      );
      // An abbreviation when either locale has one, else ICU's "GMT+9" form.
      return found.find((name) => /^[A-Z]{2,5}$/.test(name)) ?? found[0];
    },
  };
}

/** A change of UTC offset at an instant; offsets in minutes. */
type Transition = { at: number; from: number; to: number };

/**
 * The zone's definition from local New Year of the event's first year to that of the year after its
 * last: an observance for the offset in force at the start, then one per transition found. Explicit
 * dates rather than RRULEs, so that the data is exactly Intl's, whatever the zone's rules.
 */
function vtimezone(zone: ZoneClock, event: { start: Date; end: Date }): string[] {
  const localNewYear = (year: number) => Date.UTC(year, 0, 1) - zone.offset(Date.UTC(year, 0, 1)) * MINUTE;
  const year = (date: Date) => Number(zone.wallTime(date.getTime()).slice(0, 4));
  const from = localNewYear(year(event.start));
  const initial = zone.offset(from);
  const observances = [
    { at: from, from: initial, to: initial },
    ...transitions(zone, from, localNewYear(year(event.end) + 2)),
  ];
  // Intl gives offsets, not DST flags: the lowest offset seen is taken as standard time.
  const standard = Math.min(...observances.map((observance) => observance.to));
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${text(zone.id)}`,
    ...observances.flatMap((observance) => {
      const kind = observance.to > standard ? "DAYLIGHT" : "STANDARD";
      return [
        `BEGIN:${kind}`,
        // Local time of the onset, as the clocks read just before it (RFC 5545, 3.6.5).
        `DTSTART:${dateTime(observance.at + observance.from * MINUTE)}`,
        `TZOFFSETFROM:${utcOffset(observance.from)}`,
        `TZOFFSETTO:${utcOffset(observance.to)}`,
        `TZNAME:${text(zone.name(observance.at))}`,
        `END:${kind}`,
      ];
    }),
    "END:VTIMEZONE",
  ];
}

/** Offset changes in [from, to): a day-by-day scan, then a bisection to the minute. */
function transitions(zone: ZoneClock, from: number, to: number): Transition[] {
  const found: Transition[] = [];
  let previous = zone.offset(from);
  for (let day = from; day < to; day += DAY) {
    const next = Math.min(day + DAY, to);
    const offset = zone.offset(next);
    if (offset === previous) continue;
    let [before, after] = [day, next];
    while (after - before > MINUTE) {
      const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
      if (zone.offset(middle) === previous) before = middle;
      else after = middle;
    }
    found.push({ at: after, from: previous, to: zone.offset(after) });
    previous = offset;
  }
  return found;
}

/** YYYYMMDDTHHMMSS of the UTC fields of an instant. */
function dateTime(at: number): string {
  return new Date(at).toISOString().slice(0, 19).replace(/[-:]/g, "");
}

/** ±HHMM. */
function utcOffset(minutes: number): string {
  const size = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(size / 60)).padStart(2, "0")}${String(size % 60).padStart(2, "0")}`;
}

// Control characters other than tab and line feed, which TEXT cannot hold.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const TEXT_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f]/g;

/** A TEXT value: line breaks become \n; backslash, semicolon and comma are escaped. */
function text(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(TEXT_CONTROLS, "")
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\n/g, "\\n");
}

/** A URI value (URL, mailto): it has no escapes, so control characters are only dropped. */
function uri(value: string): string {
  return value.replace(CONTROLS, "");
}

/** A parameter value: DQUOTE and controls can't appear at all, and ":;," need a quoted string. */
function param(value: string): string {
  const clean = value.replace(/"/g, "").replace(CONTROLS, " ").trim();
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** The CN parameter, left out for an empty name. */
function commonName(name: string): string {
  const value = param(name);
  return value === "" ? "" : `;CN=${value}`;
}

/** A property that is left out when its value is empty. */
function optional(name: string, value: string): string[] {
  return value === "" ? [] : [`${name}:${value}`];
}

/** Folds a content line at 75 octets of UTF-8, never inside a character (RFC 5545, 3.1). */
function fold(line: string): string {
  const chunks: string[] = [];
  let chunk = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    // A continuation line starts with a space, which counts in its 75 octets.
    if (octets + size > (chunks.length === 0 ? 75 : 74)) {
      chunks.push(chunk);
      [chunk, octets] = ["", 0];
    }
    chunk += char;
    octets += size;
  }
  chunks.push(chunk);
  return chunks.join("\r\n ");
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}
