import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bookSession } from "~/.server/coaching/booking/book.server";
import { freeSlotsOf, coachOf } from "~/.server/coaching/booking/free-times.server";
import { db } from "~/.server/db/client.server";
import { appUsers, weatherCheckins } from "~/.server/db/schema.server";
import { action as overviewAction, loader as overviewLoader } from "~/routes/_default._index/route";
import { loader as coachingLoader } from "~/routes/_default.coaching._index";
import { loader as commitmentsLoader, action as commitmentsAction } from "~/routes/_default.my_commitments/route";
import { loader as layoutLoader } from "~/routes/_default";
import { loader as profileLoader } from "~/routes/_default.profile/route";
import { action as zoneAction, loader as zonePageLoader } from "~/routes/_default.profile_.time-zone";
import { type TestMember, verifiedMember } from "../support/accounts";
import { dataOf, getAs, headerOf, postAs, type RouteFunction, statusOf } from "../support/http";

const post = (fn: RouteFunction, path: string, member: TestMember, form: Record<string, string>) =>
  postAs(fn, path, member, form);
const get = <T>(fn: RouteFunction, path: string, member: TestMember) =>
  getAs(fn, path, member).then((answer) => dataOf<T>(answer));

type Week = { week: { start: string; days: { day: string; today: boolean; appointments: { time: string }[] }[] } };

async function zoneOf(member: TestMember) {
  const [row] = await db().select({ zone: appUsers.timeZone }).from(appUsers).where(eq(appUsers.id, member.memberId));
  return row.zone;
}

/** Only Date is faked: the database, timers and the network keep running. */
function clockAt(instant: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(instant));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the member's time zone", () => {
  it("is Europe/Paris until chosen; the profile saves a choice and refuses a zone that is none", async () => {
    const member = await verifiedMember();
    const profile = await get<{ timeZone: { zone: string; label: string } }>(profileLoader, "/profile", member);
    expect(profile.timeZone.zone).toBe("Europe/Paris");
    expect(await zoneOf(member)).toBeNull();

    const saved = await post(zoneAction, "/profile/time-zone", member, { timeZone: "America/New_York" });
    expect(statusOf(saved)).toBe(303);
    expect(headerOf(saved, "Location")).toBe("/profile?saved=timeZone#time-zone");
    expect(await zoneOf(member)).toBe("America/New_York");
    const after = await get<{ timeZone: { label: string } }>(profileLoader, "/profile", member);
    expect(after.timeZone.label).toMatch(/^New York \(UTC−[45]\)$/);

    for (const timeZone of ["Mars/Olympus_Mons", "", "x".repeat(5000), "Europe/Paris; drop table"]) {
      const refused = await post(zoneAction, "/profile/time-zone", member, { timeZone });
      expect(statusOf(refused)).toBe(400);
      expect((await dataOf<{ error: Record<string, string[]> }>(refused)).error.timeZone).toEqual([
        "profile:errors.timeZoneInvalid",
      ]);
    }
    expect(await zoneOf(member)).toBe("America/New_York");
    type ZonePage = { timeZone: string; region: string; regionZones: { value: string }[] };
    const ids = (options: { value: string }[]) => options.map((option) => option.value);
    const page = await get<ZonePage>(zonePageLoader, "/profile/time-zone", member);
    expect(page.timeZone).toBe("America/New_York");
    // Every zone, a region of the world at a time: the member's own region first.
    expect(page.region).toBe("America");
    expect(ids(page.regionZones)).toContain("America/New_York");
    expect(ids(page.regionZones)).not.toContain("Pacific/Auckland");
    const pacific = await get<ZonePage>(zonePageLoader, "/profile/time-zone?region=Pacific", member);
    expect(ids(pacific.regionZones)).toContain("Pacific/Auckland");
  });

  it("is guessed from the browser once, and a guess never replaces a choice", async () => {
    const member = await verifiedMember();
    expect((await get<{ guessTimeZone: boolean }>(layoutLoader, "/", member)).guessTimeZone).toBe(true);
    const guessed = await post(zoneAction, "/profile/time-zone", member, { timeZone: "Asia/Tokyo", guess: "1" });
    expect(await dataOf(guessed)).toEqual({ changed: true });
    expect(await zoneOf(member)).toBe("Asia/Tokyo");
    expect((await get<{ guessTimeZone: boolean }>(layoutLoader, "/", member)).guessTimeZone).toBe(false);

    await post(zoneAction, "/profile/time-zone", member, { timeZone: "Europe/Lisbon" });
    const again = await post(zoneAction, "/profile/time-zone", member, { timeZone: "Asia/Tokyo", guess: "1" });
    expect(await dataOf(again)).toEqual({ changed: false });
    expect(await zoneOf(member)).toBe("Europe/Lisbon");
  });

  it("gives a member in New York at 23:30 their own today: the week, the weather and late commitments", async () => {
    const member = await verifiedMember();
    await post(zoneAction, "/profile/time-zone", member, { timeZone: "America/New_York" });
    await post(commitmentsAction, "/my_commitments", member, {
      intent: "create",
      title: "Rappeler Paul",
      dueDate: "2026-11-24",
    });
    // Tuesday 24 November 2026, 23:30 in New York: already Wednesday the 25th in Paris.
    clockAt("2026-11-25T04:30:00Z");
    const view = await get<Week>(overviewLoader, "/", member);
    expect(view.week.start).toBe("2026-11-22");
    expect(view.week.days.find((day) => day.today)?.day).toBe("2026-11-24");

    await post(overviewAction, "/", member, { form: "weather", mood: "top" });
    const checkins = await db().select().from(weatherCheckins).where(eq(weatherCheckins.memberId, member.memberId));
    expect(checkins.map((row) => row.day)).toEqual(["2026-11-24"]);

    // Due today in New York: not late yet (it would be in Paris).
    type Listed = { commitments: { title: string; overdue: boolean }[] };
    let listed = await get<Listed>(commitmentsLoader, "/my_commitments", member);
    expect(listed.commitments[0].overdue).toBe(false);
    clockAt("2026-11-25T05:30:00Z"); // 00:30 on the 25th in New York
    listed = await get<Listed>(commitmentsLoader, "/my_commitments", member);
    expect(listed.commitments[0].overdue).toBe(true);
  });

  it("counts days across a daylight-saving change (Paris, 25 October 2026)", async () => {
    const member = await verifiedMember();
    // Clocks went back at 03:00 that Sunday; 23:30 local on the 25th is 22:30 UTC (UTC+1 again).
    clockAt("2026-10-25T22:30:00Z");
    let view = await get<Week>(overviewLoader, "/", member);
    expect(view.week.start).toBe("2026-10-25");
    expect(view.week.days.find((day) => day.today)?.day).toBe("2026-10-25");
    // 00:30 on Monday the 26th in Paris is still the 25th in UTC.
    clockAt("2026-10-25T23:30:00Z");
    view = await get<Week>(overviewLoader, "/", member);
    expect(view.week.days.find((day) => day.today)?.day).toBe("2026-10-26");
    // The week shown runs Sunday to Saturday in the member's days, both sides of the change.
    view = await get<Week>(overviewLoader, "/?week=2026-10-21", member);
    expect(view.week.days.map((day) => day.day)).toEqual([
      "2026-10-18",
      "2026-10-19",
      "2026-10-20",
      "2026-10-21",
      "2026-10-22",
      "2026-10-23",
      "2026-10-24",
    ]);
  });

  it("shows coaching times and places sessions on the week in the member's zone", async () => {
    const member = await verifiedMember();
    const coach = await coachOf("claire-moreau");
    if (!coach) throw new Error("claire-moreau is not seeded");
    const from = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const [slot] = await freeSlotsOf(coach, from, new Date(from.getTime() + 14 * 24 * 60 * 60 * 1000));
    const booked = await bookSession(
      { id: member.memberId, firstname: "Marie", lastname: "Testeuse", email: member.email, lang: "fr" },
      { coachSlug: "claire-moreau", start: slot.start, timeZone: "Europe/Paris", fromPath: null },
    );
    expect(booked.ok).toBe(true);
    await post(zoneAction, "/profile/time-zone", member, { timeZone: "Asia/Tokyo" });
    const tokyo = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Tokyo",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(slot.start);
    const tokyoDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(slot.start);

    // The session keeps the zone it was booked in; the member's own is beside it.
    const sessions = await get<{ upcoming: { time: string; timeZone: string; alsoAt: string }[] }>(
      coachingLoader,
      "/coaching",
      member,
    );
    expect(sessions.upcoming[0].timeZone).toBe("Europe/Paris");
    expect(sessions.upcoming[0].alsoAt).toContain(`${tokyo} à Tokyo`);

    const week = await get<Week>(overviewLoader, `/?week=${tokyoDay}`, member);
    const day = week.week.days.find((d) => d.day === tokyoDay);
    expect(day?.appointments.map((a) => a.time)).toEqual([tokyo]);
  });
});
