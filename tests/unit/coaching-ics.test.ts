import fc from "fast-check";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  cancellationIcs,
  icsContentType,
  invitationIcs,
  type CalendarEvent,
} from "~/.server/coaching/sessions/ics.server";

const summary = "Séance découverte : Élodie, coach ; « café », \\ à distance";

function booking(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    uid: "3f0c9a52-booking@cap",
    sequence: 0,
    start: new Date("2027-03-29T08:00:00Z"),
    end: new Date("2027-03-29T08:45:00Z"),
    timeZone: "Europe/Paris",
    summary,
    description: "Première séance avec Élodie.\nPréparez vos questions ; à bientôt, l'équipe Cap.",
    location: "https://meet.cap.example/r/abc?x=1,2;3",
    url: "https://cap.example/sessions/3f0c9a52",
    organizer: { name: "Dupont, Élodie (Cap)", email: "elodie@cap.example" },
    attendees: [{ name: 'Jean "JJ" Martin; junior', email: "jean@example.com" }],
    stamp: new Date("2027-03-01T09:30:15Z"),
    ...overrides,
  };
}

/** Parses with ical.js; DTSTART/DTEND resolve through the file's own VTIMEZONE. */
function parse(ics: string) {
  const calendar = ICAL.Component.fromString(ics);
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

/** Each observance of the file's VTIMEZONE as "KIND DTSTART FROM>TO NAME". */
function observances(ics: string): string[] {
  const vtimezone = parse(ics).calendar.getFirstSubcomponent("vtimezone");
  if (!vtimezone) throw new Error("no VTIMEZONE");
  return vtimezone.getAllSubcomponents().map((observance) => {
    const value = (name: string) => String(observance.getFirstPropertyValue(name));
    return `${observance.name} ${value("dtstart")} ${value("tzoffsetfrom")}>${value("tzoffsetto")} ${value("tzname")}`;
  });
}

/** A zone's offset in minutes from Intl's "GMT+01:00" form, independently of the code under test. */
function offsetMinutes(timeZone: string, at: number): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /^GMT(?:([+-])(\d\d):(\d\d))?$/.exec(name ?? "");
  if (!match) throw new Error(`unexpected offset ${name}`);
  return match[1] ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** Whether the wall time of `at` occurs twice (the repeated hour when clocks go back). */
function isAmbiguous(timeZone: string, at: number): boolean {
  const wall = at + offsetMinutes(timeZone, at) * 60_000;
  return [-86_400_000, 86_400_000].some((delta) => {
    const offset = offsetMinutes(timeZone, at + delta);
    const other = wall - offset * 60_000;
    return other !== at && offsetMinutes(timeZone, other) === offset;
  });
}

describe("booking invitation (.ics)", () => {
  it("is a REQUEST for a confirmed event whose text round-trips through a real parser", () => {
    const { calendar, vevent, event } = parse(invitationIcs(booking()));
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//Cap//Coaching//FR");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("calscale")).toBe("GREGORIAN");
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(event.uid).toBe("3f0c9a52-booking@cap");
    expect(event.sequence).toBe(0);
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(event.summary).toBe(summary);
    expect(event.description).toBe(booking().description);
    expect(event.location).toBe("https://meet.cap.example/r/abc?x=1,2;3");
    expect(vevent.getFirstPropertyValue("url")).toBe("https://cap.example/sessions/3f0c9a52");
    expect(vevent.getFirstPropertyValue("dtstamp")?.toString()).toBe("2027-03-01T09:30:15Z");

    const organizer = vevent.getFirstProperty("organizer");
    expect(organizer?.getParameter("cn")).toBe("Dupont, Élodie (Cap)");
    expect(organizer?.getFirstValue()).toBe("mailto:elodie@cap.example");
    const [attendee] = vevent.getAllProperties("attendee");
    expect(attendee.getParameter("cn")).toBe("Jean JJ Martin; junior");
    expect(attendee.getParameter("role")).toBe("REQ-PARTICIPANT");
    expect(attendee.getParameter("partstat")).toBe("NEEDS-ACTION");
    expect(attendee.getParameter("rsvp")).toBe("TRUE");
    expect(attendee.getFirstValue()).toBe("mailto:jean@example.com");

    const alarm = vevent.getFirstSubcomponent("valarm");
    expect(alarm?.getFirstPropertyValue("action")).toBe("DISPLAY");
    expect(alarm?.getFirstPropertyValue("trigger")?.toString()).toBe("-PT15M");
  });

  it("quotes parameter values with ':;,' and drops DQUOTE from them", () => {
    const ics = invitationIcs(booking()).replace(/\r\n /g, "");
    expect(ics).toContain('ORGANIZER;CN="Dupont, Élodie (Cap)":mailto:elodie@cap.example\r\n');
    expect(ics).toContain('ATTENDEE;CN="Jean JJ Martin; junior";ROLE=REQ-PARTICIPANT;');
    expect(invitationIcs(booking({ organizer: { name: "Élodie Dupont", email: "e@cap.example" } }))).toContain(
      "ORGANIZER;CN=Élodie Dupont:mailto:e@cap.example\r\n",
    );
  });

  it("ends every line with CRLF and folds it at 75 octets without splitting a character", () => {
    const long = `${"Séance « découverte », très longue ; ".repeat(6)}🧭 ${"é".repeat(80)}\nfin`;
    const ics = invitationIcs(booking({ summary: long, description: long }));
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = ics.slice(0, -2).split("\r\n");
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    for (const line of lines) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\uD800-\uDFFF]/u); // no half of a surrogate pair
      expect(line).not.toContain("\uFFFD");
    }
    const { event } = parse(ics);
    expect(event.summary).toBe(long);
    expect(event.description).toBe(long);
  });

  // Instants on each side of the changes. RFC 5545 reads a repeated wall time (clocks going back) as
  // its first occurrence, and ical.js as its second, so none is used here (checked below).
  const crossings: [string, string, string][] = [
    ["Europe/Paris", "2027-03-28T00:30:00Z", "20270328T013000"],
    ["Europe/Paris", "2027-03-28T01:00:00Z", "20270328T030000"],
    ["Europe/Paris", "2027-03-28T08:00:00Z", "20270328T100000"],
    ["Europe/Paris", "2027-03-29T16:15:00Z", "20270329T181500"],
    ["Europe/Paris", "2026-10-24T23:30:00Z", "20261025T013000"],
    ["Europe/Paris", "2026-10-25T02:00:00Z", "20261025T030000"],
    ["Europe/Paris", "2026-10-25T09:00:00Z", "20261025T100000"],
    ["Europe/Paris", "2026-10-26T17:00:00Z", "20261026T180000"],
    ["America/New_York", "2026-11-01T04:30:00Z", "20261101T003000"],
    ["America/New_York", "2026-11-01T07:00:00Z", "20261101T020000"],
    ["America/New_York", "2026-11-01T15:00:00Z", "20261101T100000"],
    ["America/New_York", "2027-03-14T06:30:00Z", "20270314T013000"],
    ["America/New_York", "2027-03-14T07:00:00Z", "20270314T030000"],
    ["America/New_York", "2027-03-14T14:00:00Z", "20270314T100000"],
  ];

  it.each(crossings)(
    "writes %s %s as local time %s, which its VTIMEZONE turns back into the instant",
    (timeZone, iso, local) => {
      const start = new Date(iso);
      const end = new Date(start.getTime() + 20 * 60_000);
      expect([start, end].filter((date) => isAmbiguous(timeZone, date.getTime()))).toEqual([]);
      const ics = invitationIcs(booking({ timeZone, start, end }));
      expect(ics).toContain(`\r\nDTSTART;TZID=${timeZone}:${local}\r\n`);
      const { event } = parse(ics);
      expect(event.startDate.zone?.tzid).toBe(timeZone);
      expect(event.startDate.toJSDate().toISOString()).toBe(start.toISOString());
      expect(event.endDate.toJSDate().toISOString()).toBe(end.toISOString());
    },
  );

  it("defines the zone's transitions of the event's year and the next", () => {
    expect(observances(invitationIcs(booking()))).toEqual([
      "standard 2027-01-01T00:00:00 +01:00>+01:00 CET",
      "daylight 2027-03-28T02:00:00 +01:00>+02:00 CEST",
      "standard 2027-10-31T03:00:00 +02:00>+01:00 CET",
      "daylight 2028-03-26T02:00:00 +01:00>+02:00 CEST",
      "standard 2028-10-29T03:00:00 +02:00>+01:00 CET",
    ]);
    const newYork = booking({
      timeZone: "America/New_York",
      start: new Date("2026-11-01T15:00:00Z"),
      end: new Date("2026-11-01T16:00:00Z"),
    });
    expect(observances(invitationIcs(newYork))).toEqual([
      "standard 2026-01-01T00:00:00 -05:00>-05:00 EST",
      "daylight 2026-03-08T02:00:00 -05:00>-04:00 EDT",
      "standard 2026-11-01T02:00:00 -04:00>-05:00 EST",
      "daylight 2027-03-14T02:00:00 -05:00>-04:00 EDT",
      "standard 2027-11-07T02:00:00 -04:00>-05:00 EST",
    ]);
  });

  it("gives a zone without transitions a single STANDARD observance", () => {
    for (const [timeZone, expected] of [
      ["Asia/Tokyo", "standard 2027-01-01T00:00:00 +09:00>+09:00 GMT+9"],
      ["UTC", "standard 2027-01-01T00:00:00 +00:00>+00:00 UTC"],
    ]) {
      const ics = invitationIcs(booking({ timeZone }));
      expect(observances(ics)).toEqual([expected]);
      expect(parse(ics).event.startDate.toJSDate().toISOString()).toBe("2027-03-29T08:00:00.000Z");
    }
  });

  it("round-trips any unambiguous instant in zones with unusual offsets or southern summers", () => {
    const zones = [
      "Europe/Paris",
      "America/New_York",
      "Australia/Sydney",
      "Pacific/Chatham",
      "Asia/Kolkata",
      "Europe/London",
      "America/Santiago",
    ];
    const from = Date.UTC(2026, 0, 2) / 1000;
    const to = Date.UTC(2028, 11, 30) / 1000;
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: from, max: to }), (timeZone, seconds) => {
        const start = new Date(seconds * 1000);
        fc.pre(!isAmbiguous(timeZone, start.getTime()));
        const { event } = parse(
          invitationIcs(booking({ timeZone, start, end: new Date(start.getTime() + 3_600_000) })),
        );
        expect(event.startDate.toJSDate().toISOString()).toBe(start.toISOString());
      }),
      { numRuns: 150 },
    );
  });

  it("is cancelled by a CANCEL with the same UID, a higher SEQUENCE and no alarm", () => {
    const invitation = parse(invitationIcs(booking()));
    const cancellation = parse(cancellationIcs(booking({ sequence: 1 })));
    expect(cancellation.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancellation.vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(cancellation.event.uid).toBe(invitation.event.uid);
    expect(cancellation.event.sequence).toBeGreaterThan(invitation.event.sequence);
    expect(cancellation.vevent.getFirstSubcomponent("valarm")).toBeNull();
    expect(icsContentType).toEqual({
      request: "text/calendar; charset=utf-8; method=REQUEST",
      cancel: "text/calendar; charset=utf-8; method=CANCEL",
    });
  });

  it("refuses an unknown zone, an end before the start and a negative sequence", () => {
    expect(() => invitationIcs(booking({ timeZone: "Mars/Olympus" }))).toThrow(RangeError);
    expect(() => invitationIcs(booking({ end: new Date("2027-03-29T07:00:00Z") }))).toThrow(RangeError);
    expect(() => cancellationIcs(booking({ sequence: -1 }))).toThrow(RangeError);
  });
});
