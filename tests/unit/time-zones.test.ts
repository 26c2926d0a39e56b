import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE } from "~/.server/calendar/days.server";
import {
  isTimeZone,
  localDay,
  localTime,
  startOfDay,
  timeZoneChoices,
  utcOffset,
  zonedInstant,
} from "~/.server/calendar/time-zones.server";
import { sessionInTwoZones } from "~/.server/calendar/when-words.server";

const paris = "Europe/Paris";
const newYork = "America/New_York";
const at = (iso: string) => new Date(iso);

describe("isTimeZone", () => {
  it("accepts the zones Intl knows", () => {
    for (const zone of ["Europe/Paris", "America/New_York", "UTC", "Asia/Kolkata", "Pacific/Auckland"]) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
  });

  it("refuses empty, unknown, offset and overlong names, and non-strings", () => {
    for (const value of [
      "",
      "Mars/Olympus_Mons",
      "+01:00",
      `Europe/${"x".repeat(60)}`,
      null,
      undefined,
      1,
      {},
      ["Europe/Paris"],
    ]) {
      expect(isTimeZone(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe("timeZoneChoices", () => {
  it("lists known zones sorted, with UTC and the default zone", () => {
    const choices = timeZoneChoices();
    expect(choices).toEqual([...choices].sort());
    expect(new Set(choices).size).toBe(choices.length);
    expect(choices).toContain("UTC");
    expect(choices).toContain(DEFAULT_TIME_ZONE);
    expect(choices).toContain(newYork);
    expect(choices.every(isTimeZone)).toBe(true);
  });

  it("computes the list once", () => {
    expect(timeZoneChoices()).toBe(timeZoneChoices());
  });
});

describe("zonedInstant", () => {
  it("converts ordinary wall times", () => {
    expect(zonedInstant("2026-01-15", "09:00", paris)).toEqual(at("2026-01-15T08:00:00Z"));
    expect(zonedInstant("2026-07-15", "09:00", paris)).toEqual(at("2026-07-15T07:00:00Z"));
    expect(zonedInstant("2026-01-15", "09:00", newYork)).toEqual(at("2026-01-15T14:00:00Z"));
    expect(zonedInstant("2026-01-01", "00:00", "Asia/Kolkata")).toEqual(at("2025-12-31T18:30:00Z"));
    expect(zonedInstant("2026-01-01", "00:00", "UTC")).toEqual(at("2026-01-01T00:00:00Z"));
  });

  it("has no instant for a wall time skipped when clocks go forward", () => {
    for (const [day, time, zone] of [
      ["2026-03-29", "02:00", paris],
      ["2026-03-29", "02:59", paris],
      ["2027-03-28", "02:30", paris],
      ["2026-03-08", "02:30", newYork],
      ["2027-03-14", "02:30", newYork],
      ["2026-10-04", "02:15", "Australia/Lord_Howe"],
    ]) {
      expect(zonedInstant(day, time, zone), `${day} ${time} ${zone}`).toBeNull();
    }
  });

  it("lands on either side of the hour skipped in spring", () => {
    expect(zonedInstant("2027-03-28", "01:59", paris)).toEqual(at("2027-03-28T00:59:00Z"));
    expect(zonedInstant("2027-03-28", "03:00", paris)).toEqual(at("2027-03-28T01:00:00Z"));
    expect(zonedInstant("2027-03-14", "03:00", newYork)).toEqual(at("2027-03-14T07:00:00Z"));
  });

  it("takes the earlier of the two instants showing a wall time when clocks go back", () => {
    for (const [day, time, zone, expected] of [
      ["2026-10-25", "02:30", paris, "2026-10-25T00:30:00Z"],
      ["2026-10-25", "02:00", paris, "2026-10-25T00:00:00Z"],
      ["2026-11-01", "01:30", newYork, "2026-11-01T05:30:00Z"],
      ["2026-04-05", "01:45", "Australia/Lord_Howe", "2026-04-04T14:45:00Z"],
    ]) {
      expect(zonedInstant(day, time, zone), `${day} ${time} ${zone}`).toEqual(at(expected));
    }
  });

  it("finds the single instant just after the repeated hour", () => {
    expect(zonedInstant("2026-10-25", "03:00", paris)).toEqual(at("2026-10-25T02:00:00Z"));
    expect(zonedInstant("2026-11-01", "02:00", newYork)).toEqual(at("2026-11-01T07:00:00Z"));
  });

  it("refuses malformed days and times", () => {
    for (const [day, time] of [
      ["2026-02-30", "09:00"],
      ["2026-13-01", "09:00"],
      ["2026-1-5", "09:00"],
      ["2026-01-05", "24:00"],
      ["2026-01-05", "9:00"],
      ["2026-01-05", "09:60"],
    ]) {
      expect(zonedInstant(day, time, paris), `${day} ${time}`).toBeNull();
    }
  });

  it("reads back every minute it is given, at its first occurrence", () => {
    const zones = [paris, newYork, "Pacific/Auckland", "Australia/Lord_Howe", "America/Santiago", "Asia/Kathmandu"];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2026, 0, 1) / 60_000, max: Date.UTC(2027, 11, 31) / 60_000 }),
        (zone, minute) => {
          const instant = new Date(minute * 60_000);
          const found = zonedInstant(localDay(instant, zone), localTime(instant, zone), zone);
          expect(found).not.toBeNull();
          expect(found!.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(instant.getTime() - found!.getTime()).toBeLessThanOrEqual(60 * 60_000);
          expect([localDay(found!, zone), localTime(found!, zone)]).toEqual([
            localDay(instant, zone),
            localTime(instant, zone),
          ]);
        },
      ),
      { seed: 20_260_329, numRuns: 200 },
    );
  });
});

describe("startOfDay", () => {
  it("is local midnight where it exists", () => {
    expect(startOfDay("2026-03-29", paris)).toEqual(at("2026-03-28T23:00:00Z"));
    expect(startOfDay("2026-10-25", paris)).toEqual(at("2026-10-24T22:00:00Z"));
  });

  it("is the instant clocks land on where they jump over midnight", () => {
    expect(startOfDay("2026-03-29", "Asia/Beirut")).toEqual(at("2026-03-28T22:00:00Z"));
    expect(startOfDay("2026-09-06", "America/Santiago")).toEqual(at("2026-09-06T04:00:00Z"));
    expect(localTime(startOfDay("2026-09-06", "America/Santiago")!, "America/Santiago")).toBe("01:00");
  });

  it("refuses a malformed day", () => {
    expect(startOfDay("2026-02-30", paris)).toBeNull();
  });
});

describe("localDay and localTime", () => {
  it("read the wall clock of the zone", () => {
    const instant = at("2026-03-28T23:30:00Z");
    expect([localDay(instant, paris), localTime(instant, paris)]).toEqual(["2026-03-29", "00:30"]);
    expect([localDay(instant, newYork), localTime(instant, newYork)]).toEqual(["2026-03-28", "19:30"]);
    expect([localDay(instant, "Pacific/Auckland"), localTime(instant, "Pacific/Auckland")]).toEqual([
      "2026-03-29",
      "12:30",
    ]);
  });

  it("writes midnight as 00:00", () => {
    expect(localTime(at("2026-06-30T22:00:00Z"), paris)).toBe("00:00");
    expect(localDay(at("2026-06-30T22:00:00Z"), paris)).toBe("2026-07-01");
  });

  it("shows the repeated hour twice on the autumn change", () => {
    expect(localTime(at("2026-10-25T00:30:00Z"), paris)).toBe("02:30");
    expect(localTime(at("2026-10-25T01:30:00Z"), paris)).toBe("02:30");
  });
});

describe("the local wall clock, read from a zone's offset of the day", () => {
  // What Intl itself says, the reference the fast reading must match.
  const intlReading = (instant: Date, zone: string) => {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }).formatToParts(instant);
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    return [
      `${part("year")}-${part("month")}-${part("day")}`,
      `${part("hour").replace(/^24$/, "00")}:${part("minute")}`,
    ];
  };
  // Zones with daylight saving north and south, half- and quarter-hour offsets, a zone that left
  // daylight saving, and one that moved across the date line (Apia skipped 30 December 2011).
  const zones = [
    paris,
    newYork,
    "Pacific/Auckland",
    "Australia/Lord_Howe",
    "Asia/Kathmandu",
    "America/St_Johns",
    "America/Sao_Paulo",
    "Pacific/Apia",
    "Africa/Casablanca",
    "UTC",
  ];

  it("agrees with Intl at any instant, daylight-saving changes included", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) }),
        (zone, ms) => {
          const instant = new Date(ms);
          expect([localDay(instant, zone), localTime(instant, zone)]).toEqual(intlReading(instant, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("agrees with Intl minute by minute across this year's changes", () => {
    for (const [zone, day] of [
      [paris, "2026-03-29"],
      [paris, "2026-10-25"],
      [newYork, "2026-03-08"],
      [newYork, "2026-11-01"],
      ["Australia/Lord_Howe", "2026-04-04"],
      ["Pacific/Auckland", "2026-09-26"],
    ]) {
      const start = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
      for (let ms = start; ms < start + 3 * 86_400_000; ms += 60_000) {
        const instant = new Date(ms);
        const reading = [localDay(instant, zone), localTime(instant, zone)];
        if (reading.join() !== intlReading(instant, zone).join()) {
          expect(reading, `${zone} ${instant.toISOString()}`).toEqual(intlReading(instant, zone));
        }
      }
    }
  });
});

describe("utcOffset", () => {
  it("writes the offset with an ASCII sign and minutes", () => {
    for (const [instant, zone, expected] of [
      ["2026-01-15T12:00:00Z", paris, "UTC+01:00"],
      ["2026-07-15T12:00:00Z", paris, "UTC+02:00"],
      ["2026-01-15T12:00:00Z", newYork, "UTC-05:00"],
      ["2026-07-15T12:00:00Z", newYork, "UTC-04:00"],
      ["2026-07-15T12:00:00Z", "UTC", "UTC+00:00"],
      ["2026-07-15T12:00:00Z", "Asia/Kolkata", "UTC+05:30"],
      ["2026-07-15T12:00:00Z", "Asia/Kathmandu", "UTC+05:45"],
      ["2026-07-15T12:00:00Z", "America/St_Johns", "UTC-02:30"],
    ]) {
      expect(utcOffset(at(instant), zone), `${instant} ${zone}`).toBe(expected);
    }
  });

  it("changes at the very instant clocks change", () => {
    expect(utcOffset(at("2026-03-29T00:59:59Z"), paris)).toBe("UTC+01:00");
    expect(utcOffset(at("2026-03-29T01:00:00Z"), paris)).toBe("UTC+02:00");
    expect(utcOffset(at("2026-11-01T05:59:59Z"), newYork)).toBe("UTC-04:00");
    expect(utcOffset(at("2026-11-01T06:00:00Z"), newYork)).toBe("UTC-05:00");
  });
});

describe("sessionInTwoZones", () => {
  it("gives the start in the zone booked, then in the reader's, each day named when the days differ", () => {
    // Thursday 3 December 2026, 22:00 in Tokyo: 14:00 the same day in Paris.
    const evening = at("2026-12-03T13:00:00Z");
    expect(sessionInTwoZones("fr", evening, "Asia/Tokyo", paris)).toBe("22:00 à Tokyo · 14:00 à Paris");
    expect(sessionInTwoZones("en", evening, "Asia/Tokyo", paris)).toBe("22:00 in Tokyo · 14:00 in Paris");
    // 02:00 on Friday in Tokyo is still Thursday evening in Paris.
    expect(sessionInTwoZones("fr", at("2026-12-03T17:00:00Z"), "Asia/Tokyo", paris)).toBe(
      "vendredi 4 décembre, 02:00 à Tokyo · jeudi 3 décembre, 18:00 à Paris",
    );
  });

  it("is nothing when both zones read the same time", () => {
    expect(sessionInTwoZones("fr", at("2026-12-03T13:00:00Z"), paris, paris)).toBeNull();
    expect(sessionInTwoZones("fr", at("2026-12-03T13:00:00Z"), "Europe/Brussels", paris)).toBeNull();
  });
});
