import { describe, expect, it } from "vitest";
import { dateFormat } from "~/.server/calendar/date-formats.server";

describe("dates in words", () => {
  const firstOfDecember = new Date("2026-12-01T10:00:00Z");

  it("write the first of a month as French does, 1er, and no other day", () => {
    const long = dateFormat("fr", { dateStyle: "long", timeZone: "UTC" });
    expect(long.format(firstOfDecember)).toBe("1er décembre 2026");
    expect(long.format(new Date("2026-12-11T10:00:00Z"))).toBe("11 décembre 2026");
    expect(long.format(new Date("2026-12-21T10:00:00Z"))).toBe("21 décembre 2026");
    const weekday = dateFormat("fr", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
    expect(weekday.format(firstOfDecember)).toBe("mardi 1er décembre");
    // A date in figures keeps its figures.
    expect(dateFormat("fr", { dateStyle: "short", timeZone: "UTC" }).format(firstOfDecember)).toBe("01/12/2026");
  });

  it("leave English as Intl writes it", () => {
    expect(dateFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(firstOfDecember)).toBe("December 1, 2026");
  });
});
