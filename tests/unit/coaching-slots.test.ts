import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  blockedUntil,
  bookingWindow,
  candidateSlots,
  freeSlots,
  isOfferedSlot,
  monthGrid,
  monthOf,
  shiftMonth,
  slotsOnDay,
  type Busy,
  type CoachSchedule,
  type Slot,
  type WeeklyAvailability,
} from "~/.server/coaching/booking/slots.server";
import { localTime } from "~/.server/calendar/time-zones.server";

const paris = "Europe/Paris";
const newYork = "America/New_York";
const minute = 60_000;
const hour = 60 * minute;
const at = (iso: string) => new Date(iso);

const coach = (
  weekly: WeeklyAvailability,
  sessionMinutes = 60,
  bufferMinutes = 0,
  timeZone = paris,
): CoachSchedule => ({
  timeZone,
  weekly,
  sessionMinutes,
  bufferMinutes,
});

/** The slots of one local day of the coach, as local "HH:mm" starts. */
function localStarts(schedule: CoachSchedule, day: string, viewer = schedule.timeZone): string[] {
  const range = {
    from: new Date(`${day}T00:00:00Z`).getTime() - 15 * hour,
    to: new Date(`${day}T00:00:00Z`).getTime() + 39 * hour,
  };
  const slots = candidateSlots(schedule, new Date(range.from), new Date(range.to));
  return slotsOnDay(day, viewer, slots).map((slot) => slot.time);
}

const durations = (slots: Slot[]) => slots.map((slot) => (slot.end.getTime() - slot.start.getTime()) / minute);

describe("candidateSlots", () => {
  const weekdayMornings = coach(
    { mon: [["09:00", "12:00"]], tue: [["09:00", "12:00"]], wed: [["14:00", "16:00"]] },
    45,
    15,
  );

  it("follows each window every session + buffer minutes while the session fits", () => {
    // 2026-06-01 is a Monday.
    expect(localStarts(weekdayMornings, "2026-06-01")).toEqual(["09:00", "10:00", "11:00"]);
    expect(localStarts(weekdayMornings, "2026-06-03")).toEqual(["14:00", "15:00"]);
    expect(localStarts(weekdayMornings, "2026-06-04")).toEqual([]);
  });

  it("keeps only starts in [from, to), sorted, without duplicates from overlapping windows", () => {
    const overlapping = coach({
      mon: [
        ["10:00", "12:00"],
        ["09:00", "11:00"],
      ],
    });
    const slots = candidateSlots(overlapping, at("2026-06-01T07:00:00Z"), at("2026-06-01T09:00:00Z"));
    expect(slots.map((slot) => localTime(slot.start, paris))).toEqual(["09:00", "10:00"]);
  });

  it("offers nothing for a schedule that cannot be followed", () => {
    const from = at("2026-06-01T00:00:00Z");
    const to = at("2026-06-08T00:00:00Z");
    expect(candidateSlots(coach({ mon: [["09:00", "12:00"]] }, 0), from, to)).toEqual([]);
    expect(candidateSlots(coach({ mon: [["12:00", "09:00"]] }), from, to)).toEqual([]);
    expect(candidateSlots(coach({ mon: [["9h", "12:00"]] }), from, to)).toEqual([]);
    expect(candidateSlots(weekdayMornings, to, from)).toEqual([]);
  });

  it("lets a window run to 24:00", () => {
    expect(localStarts(coach({ fri: [["22:00", "24:00"]] }), "2026-06-05")).toEqual(["22:00", "23:00"]);
  });

  describe("when Paris clocks go forward (2027-03-28, 02:00 becomes 03:00)", () => {
    const sundayNight = coach({ sun: [["01:00", "04:00"]] });

    it("skips the hour that does not exist", () => {
      expect(localStarts(sundayNight, "2027-03-21")).toEqual(["01:00", "02:00", "03:00"]);
      expect(localStarts(sundayNight, "2027-03-28")).toEqual(["01:00", "03:00"]);
    });

    it("keeps the slot ending as clocks jump, an hour long in real time", () => {
      const slots = slotsOnDay(
        "2027-03-28",
        paris,
        candidateSlots(sundayNight, at("2027-03-27T00:00:00Z"), at("2027-03-29T00:00:00Z")),
      );
      expect(slots.map((slot) => [slot.start.toISOString(), slot.end.toISOString()])).toEqual([
        ["2027-03-28T00:00:00.000Z", "2027-03-28T01:00:00.000Z"],
        ["2027-03-28T01:00:00.000Z", "2027-03-28T02:00:00.000Z"],
      ]);
      expect(localTime(slots[0].end, paris)).toBe("03:00");
    });

    it("leaves out a slot that would run across the skipped hour", () => {
      expect(localStarts(coach({ sun: [["01:00", "06:00"]] }, 90), "2027-03-28")).toEqual(["04:00"]);
      expect(localStarts(coach({ sun: [["01:00", "04:00"]] }, 180), "2027-03-21")).toEqual(["01:00"]);
      expect(localStarts(coach({ sun: [["01:00", "04:00"]] }, 180), "2027-03-28")).toEqual([]);
    });

    it("does the same on 2026-03-29", () => {
      expect(localStarts(coach({ sun: [["01:30", "03:30"]] }, 30), "2026-03-29")).toEqual(["01:30", "03:00"]);
    });
  });

  describe("when Paris clocks go back (2026-10-25, 03:00 becomes 02:00)", () => {
    it("offers the 02:00 slot once, at its first occurrence, and every slot lasts the session", () => {
      const slots = candidateSlots(
        coach({ sun: [["01:00", "04:00"]] }),
        at("2026-10-24T12:00:00Z"),
        at("2026-10-25T12:00:00Z"),
      );
      expect(slots.map((slot) => localTime(slot.start, paris))).toEqual(["01:00", "02:00", "03:00"]);
      expect(slots.map((slot) => slot.start.toISOString())).toEqual([
        "2026-10-24T23:00:00.000Z",
        "2026-10-25T00:00:00.000Z",
        "2026-10-25T02:00:00.000Z",
      ]);
      expect(durations(slots)).toEqual([60, 60, 60]);
    });

    it("keeps a slot spanning the change, as long as any other", () => {
      const slots = candidateSlots(
        coach({ sun: [["01:30", "04:00"]] }),
        at("2026-10-24T12:00:00Z"),
        at("2026-10-25T12:00:00Z"),
      );
      expect(slots.map((slot) => [localTime(slot.start, paris), localTime(slot.end, paris)])).toEqual([
        ["01:30", "02:30"],
        ["02:30", "02:30"],
      ]);
      expect(durations(slots)).toEqual([60, 60]);
    });
  });

  describe("New York's changes (2026-03-08, 2026-11-01, 2027-03-14)", () => {
    const newYorkCoach = coach({ sun: [["00:00", "04:00"]] }, 60, 0, newYork);

    it("skips 02:00 in spring", () => {
      expect(localStarts(newYorkCoach, "2026-03-08")).toEqual(["00:00", "01:00", "03:00"]);
      expect(localStarts(newYorkCoach, "2027-03-14")).toEqual(["00:00", "01:00", "03:00"]);
    });

    it("offers 01:00 once in autumn, at its first occurrence", () => {
      const slots = candidateSlots(newYorkCoach, at("2026-11-01T00:00:00Z"), at("2026-11-02T00:00:00Z"));
      expect(slots.map((slot) => localTime(slot.start, newYork))).toEqual(["00:00", "01:00", "02:00", "03:00"]);
      expect(slots[1].start).toEqual(at("2026-11-01T05:00:00Z"));
      expect(durations(slots)).toEqual([60, 60, 60, 60]);
    });
  });
});

describe("a member in New York viewing a Paris coach", () => {
  const parisMornings = coach({ mon: [["09:00", "10:00"]], tue: [["09:00", "10:00"]] });
  const slots = candidateSlots(parisMornings, at("2026-03-01T00:00:00Z"), at("2026-04-15T00:00:00Z"));

  it("sees the 09:00 Paris slot at 04:00 while only the US has changed its clocks, at 03:00 otherwise", () => {
    for (const [day, time] of [
      ["2026-03-02", "03:00"],
      ["2026-03-10", "04:00"],
      ["2026-03-23", "04:00"],
      ["2026-03-30", "03:00"],
      ["2026-04-07", "03:00"],
    ]) {
      expect(
        slotsOnDay(day, newYork, slots).map((slot) => slot.time),
        day,
      ).toEqual([time]);
      expect(
        slotsOnDay(day, paris, slots).map((slot) => slot.time),
        day,
      ).toEqual(["09:00"]);
    }
  });
});

describe("monthOf", () => {
  it("spans the month from local midnight to local midnight", () => {
    expect(monthOf("2026-03", paris)).toEqual({ from: at("2026-02-28T23:00:00Z"), to: at("2026-03-31T22:00:00Z") });
    expect(monthOf("2026-12", newYork)).toEqual({ from: at("2026-12-01T05:00:00Z"), to: at("2027-01-01T05:00:00Z") });
  });

  it("starts where clocks land when they jump over the first midnight", () => {
    // Paraguay moved its clocks from 00:00 to 01:00 on 2023-10-01.
    expect(monthOf("2023-10", "America/Asuncion")).toEqual({
      from: at("2023-10-01T04:00:00Z"),
      to: at("2023-11-01T03:00:00Z"),
    });
  });

  it("refuses a malformed month", () => {
    for (const month of ["2026-13", "2026-00", "2026-3", "26-03", "2026-03-01", ""])
      expect(monthOf(month, paris), month).toBeNull();
  });
});

describe("monthGrid", () => {
  it("lays the month out Sunday to Saturday, padded with the neighbouring months", () => {
    const grid = monthGrid("2026-06", paris, []);
    expect(grid.map((week) => [week[0].day, week[6].day])).toEqual([
      ["2026-05-31", "2026-06-06"],
      ["2026-06-07", "2026-06-13"],
      ["2026-06-14", "2026-06-20"],
      ["2026-06-21", "2026-06-27"],
      ["2026-06-28", "2026-07-04"],
    ]);
    expect(grid[0][0]).toEqual({ day: "2026-05-31", inMonth: false, slotCount: 0 });
    expect(grid[4][2]).toEqual({ day: "2026-06-30", inMonth: true, slotCount: 0 });
    expect(grid[4][3].inMonth).toBe(false);
    expect(grid.flat().filter((cell) => cell.inMonth)).toHaveLength(30);
  });

  it("handles a month starting on a Sunday and one ending on a Saturday", () => {
    expect(monthGrid("2026-02", paris, []).map((week) => week[0].day)).toEqual([
      "2026-02-01",
      "2026-02-08",
      "2026-02-15",
      "2026-02-22",
    ]);
    expect(monthGrid("2026-01", paris, []).at(-1)?.at(-1)).toEqual({ day: "2026-01-31", inMonth: true, slotCount: 0 });
  });

  it("is empty for a malformed month", () => {
    expect(monthGrid("2026-13", paris, [])).toEqual([]);
  });

  describe("counts each Paris slot on the member's local day", () => {
    // Mondays 08:00 and 15:00 in Paris (UTC+2 in June).
    const mondays = coach({
      mon: [
        ["08:00", "09:00"],
        ["15:00", "16:00"],
      ],
    });
    const countsIn = (zone: string) => {
      const { from, to } = monthOf("2026-06", zone)!;
      const cells = monthGrid("2026-06", zone, candidateSlots(mondays, from, to)).flat();
      return Object.fromEntries(cells.filter((cell) => cell.slotCount > 0).map((cell) => [cell.day, cell.slotCount]));
    };

    it("in Paris, both on Monday", () => {
      expect(countsIn(paris)).toEqual({
        "2026-06-01": 2,
        "2026-06-08": 2,
        "2026-06-15": 2,
        "2026-06-22": 2,
        "2026-06-29": 2,
      });
    });

    it("in Los Angeles, 08:00 Paris falls on Sunday evening", () => {
      expect(countsIn("America/Los_Angeles")).toEqual({
        "2026-06-01": 1,
        "2026-06-07": 1,
        "2026-06-08": 1,
        "2026-06-14": 1,
        "2026-06-15": 1,
        "2026-06-21": 1,
        "2026-06-22": 1,
        "2026-06-28": 1,
        "2026-06-29": 1,
      });
    });

    it("in Auckland, 15:00 Paris falls on Tuesday morning", () => {
      expect(countsIn("Pacific/Auckland")).toEqual({
        "2026-06-01": 1,
        "2026-06-02": 1,
        "2026-06-08": 1,
        "2026-06-09": 1,
        "2026-06-15": 1,
        "2026-06-16": 1,
        "2026-06-22": 1,
        "2026-06-23": 1,
        "2026-06-29": 1,
        "2026-06-30": 1,
      });
    });
  });
});

describe("slotsOnDay", () => {
  it("lists the day's slots with their local start time", () => {
    const slots = candidateSlots(
      coach({ mon: [["09:00", "11:00"]] }),
      at("2026-06-01T00:00:00Z"),
      at("2026-06-09T00:00:00Z"),
    );
    expect(slotsOnDay("2026-06-08", paris, slots)).toEqual([
      { start: at("2026-06-08T07:00:00Z"), end: at("2026-06-08T08:00:00Z"), time: "09:00" },
      { start: at("2026-06-08T08:00:00Z"), end: at("2026-06-08T09:00:00Z"), time: "10:00" },
    ]);
    expect(slotsOnDay("2026-06-08", "Asia/Tokyo", slots).map((slot) => slot.time)).toEqual(["16:00", "17:00"]);
    expect(slotsOnDay("2026-06-09", paris, slots)).toEqual([]);
  });
});

describe("shiftMonth", () => {
  it("moves across years both ways", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2026-06", 0)).toBe("2026-06");
    expect(shiftMonth("2026-06", -18)).toBe("2024-12");
    expect(shiftMonth("2026-06", 25)).toBe("2028-07");
  });

  it("throws on a malformed month", () => {
    expect(() => shiftMonth("2026-13", 1)).toThrow(RangeError);
  });
});

describe("freeSlots and isOfferedSlot", () => {
  // Weekdays 09:00–12:00 Paris, 45-minute sessions and 15 minutes of buffer: 09:00, 10:00, 11:00.
  const schedule = coach(
    {
      mon: [["09:00", "12:00"]],
      tue: [["09:00", "12:00"]],
      wed: [["09:00", "12:00"]],
      thu: [["09:00", "12:00"]],
      fri: [["09:00", "12:00"]],
    },
    45,
    15,
  );
  const june = monthOf("2026-06", paris)!;
  const july = monthOf("2026-07", paris)!;
  const tuesdayNine = at("2026-06-02T07:00:00Z");
  const tuesdayTen = at("2026-06-02T08:00:00Z");
  const tuesdayEleven = at("2026-06-02T09:00:00Z");
  const mondayMorning = at("2026-06-01T06:00:00Z");
  const tuesday = (busy: Busy[]) =>
    slotsOnDay("2026-06-02", paris, freeSlots(schedule, { ...june, busy, now: mondayMorning })).map(
      (slot) => slot.time,
    );

  it("blocks the session and the buffer after it", () => {
    expect(blockedUntil(schedule, tuesdayNine)).toEqual(at("2026-06-02T08:00:00Z"));
  });

  it("needs the minimum notice", () => {
    expect(bookingWindow.minNoticeHours).toBe(12);
    const monday = (now: Date) =>
      slotsOnDay("2026-06-01", paris, freeSlots(schedule, { ...june, busy: [], now })).map((slot) => slot.time);
    expect(monday(mondayMorning)).toEqual([]);
    expect(monday(at("2026-05-31T19:00:00Z"))).toEqual(["09:00", "10:00", "11:00"]);
    expect(monday(at("2026-05-31T19:01:00Z"))).toEqual(["10:00", "11:00"]);
    expect(tuesday([])).toEqual(["09:00", "10:00", "11:00"]);
  });

  it("takes the coach's own notice and horizon when the schedule has them (issue 24)", () => {
    const own = { ...schedule, minNoticeHours: 0, horizonDays: 1 };
    const free = freeSlots(own, { ...june, busy: [], now: mondayMorning }).map((slot) => slot.start);
    // No notice: Monday 09:00 Paris, an hour after `now`, is offered; a day ahead ends before Tuesday 09:00.
    expect(free).toEqual([at("2026-06-01T07:00:00Z"), at("2026-06-01T08:00:00Z"), at("2026-06-01T09:00:00Z")]);
    expect(isOfferedSlot(own, at("2026-06-01T07:00:00Z"), { busy: [], now: mondayMorning })).toBe(true);
    expect(isOfferedSlot(schedule, at("2026-06-01T07:00:00Z"), { busy: [], now: mondayMorning })).toBe(false);
    const longNotice = { ...schedule, minNoticeHours: 336, horizonDays: 365 };
    expect(freeSlots(longNotice, { ...june, busy: [], now: mondayMorning })[0].start).toEqual(
      at("2026-06-15T07:00:00Z"),
    );
  });

  it("stops at the horizon", () => {
    expect(bookingWindow.horizonDays).toBe(60);
    const free = freeSlots(schedule, { ...july, busy: [], now: mondayMorning });
    // 60 days after 2026-06-01 08:00 Paris is 2026-07-31 08:00: that Friday's 09:00 is too far.
    expect(free.at(-1)?.start).toEqual(at("2026-07-30T09:00:00Z"));
    const exactly = new Date(tuesdayNine.getTime() - 60 * 24 * hour);
    expect(
      slotsOnDay("2026-06-02", paris, freeSlots(schedule, { ...june, busy: [], now: exactly })).map(
        (slot) => slot.time,
      ),
    ).toEqual(["09:00"]);
  });

  it("allows a slot whose session and buffer touch a busy time", () => {
    expect(tuesday([{ start: tuesdayTen, blockedUntil: tuesdayEleven }])).toEqual(["09:00", "11:00"]);
    expect(tuesday([{ start: at("2026-06-02T06:00:00Z"), blockedUntil: tuesdayNine }])).toEqual([
      "09:00",
      "10:00",
      "11:00",
    ]);
  });

  it("refuses a slot overlapping a busy time, buffer included", () => {
    // Busy until 09:01 Paris: a minute into the 09:00 session.
    expect(tuesday([{ start: at("2026-06-02T06:00:00Z"), blockedUntil: at("2026-06-02T07:01:00Z") }])).toEqual([
      "10:00",
      "11:00",
    ]);
    // Busy from 09:50 Paris: inside the 09:00 slot's buffer (09:45–10:00), touching the 10:00 slot.
    expect(tuesday([{ start: at("2026-06-02T07:50:00Z"), blockedUntil: tuesdayTen }])).toEqual(["10:00", "11:00"]);
    // Busy 09:50–10:10 Paris: the 09:00 buffer and the 10:00 session.
    expect(tuesday([{ start: at("2026-06-02T07:50:00Z"), blockedUntil: at("2026-06-02T08:10:00Z") }])).toEqual([
      "11:00",
    ]);
  });

  it("offers exactly the free slots", () => {
    const options = { busy: [{ start: tuesdayTen, blockedUntil: tuesdayEleven }], now: mondayMorning };
    expect(isOfferedSlot(schedule, tuesdayNine, options)).toBe(true);
    expect(isOfferedSlot(schedule, tuesdayEleven, options)).toBe(true);
    expect(isOfferedSlot(schedule, tuesdayTen, options)).toBe(false);
    expect(isOfferedSlot(schedule, new Date(tuesdayNine.getTime() + minute), options)).toBe(false);
    expect(isOfferedSlot(schedule, new Date(tuesdayNine.getTime() - minute), options)).toBe(false);
    expect(isOfferedSlot(schedule, at("2026-06-01T07:00:00Z"), options)).toBe(false);
    expect(isOfferedSlot(schedule, at("2026-06-06T07:00:00Z"), options)).toBe(false);
    expect(isOfferedSlot(schedule, new Date(Number.NaN), options)).toBe(false);
  });

  it("refuses a start in the hour skipped in spring", () => {
    const sunday = coach({ sun: [["01:00", "04:00"]] });
    const now = at("2027-03-20T00:00:00Z");
    expect(isOfferedSlot(sunday, at("2027-03-28T00:00:00Z"), { busy: [], now })).toBe(true);
    expect(isOfferedSlot(sunday, at("2027-03-28T00:30:00Z"), { busy: [], now })).toBe(false);
    expect(isOfferedSlot(sunday, at("2027-03-28T01:00:00Z"), { busy: [], now })).toBe(true);
  });
});

describe("freeSlots, for any schedule and bookings", () => {
  const zones = [paris, newYork, "Pacific/Auckland", "Australia/Lord_Howe", "Asia/Kolkata", "America/Santiago", "UTC"];
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  const window = fc
    .tuple(fc.integer({ min: 0, max: 24 * 4 }), fc.integer({ min: 1, max: 12 * 4 }))
    .map(([start, length]): [string, string] => [clock(start * 15), clock(Math.min(24 * 60, (start + length) * 15))]);
  const weekly = fc.record(
    {
      sun: fc.array(window, { maxLength: 2 }),
      mon: fc.array(window, { maxLength: 2 }),
      wed: fc.array(window, { maxLength: 2 }),
      sat: fc.array(window, { maxLength: 2 }),
    },
    { requiredKeys: [] },
  );
  const schedule = fc.record({
    timeZone: fc.constantFrom(...zones),
    weekly,
    sessionMinutes: fc.integer({ min: 15, max: 120 }),
    bufferMinutes: fc.integer({ min: 0, max: 30 }),
  });
  // Twelve days around the autumn changes of Europe and the US, bookings anywhere in them.
  const from = at("2026-10-22T00:00:00Z");
  const to = at("2026-11-03T00:00:00Z");
  const now = at("2026-10-01T00:00:00Z");
  const busy = fc.array(
    fc
      .tuple(fc.integer({ min: 0, max: (to.getTime() - from.getTime()) / minute }), fc.integer({ min: 1, max: 240 }))
      .map(
        ([offset, length]): Busy => ({
          start: new Date(from.getTime() + offset * minute),
          blockedUntil: new Date(from.getTime() + (offset + length) * minute),
        }),
      ),
    { maxLength: 12 },
  );

  it("never overlaps a busy time and always lasts the session", () => {
    fc.assert(
      fc.property(schedule, busy, (coachSchedule, taken) => {
        const free = freeSlots(coachSchedule, { from, to, busy: taken, now });
        for (const [index, slot] of free.entries()) {
          expect(slot.end.getTime() - slot.start.getTime()).toBe(coachSchedule.sessionMinutes * minute);
          expect(slot.start >= from && slot.start < to).toBe(true);
          if (index > 0) expect(slot.start > free[index - 1].start).toBe(true);
          const until = blockedUntil(coachSchedule, slot.start);
          for (const interval of taken)
            expect(slot.start < interval.blockedUntil && interval.start < until).toBe(false);
        }
        const sample = free[Math.floor(free.length / 2)];
        if (sample) expect(isOfferedSlot(coachSchedule, sample.start, { busy: taken, now })).toBe(true);
      }),
      { seed: 20_261_025, numRuns: 60 },
    );
  });
});
