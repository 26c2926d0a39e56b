import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/.server/db/client.server";
import { commitmentOccurrences, commitmentPauses, commitments } from "~/.server/db/schema.server";
import MyCommitments, {
  action as commitmentsAction,
  loader as commitmentsLoader,
} from "~/routes/_default.my_commitments/route";
import { action as zoneAction } from "~/routes/_default.profile_.time-zone";
import { loader as dataFile } from "~/routes/profile.data[.]json";
import { renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, getAs, postAs, statusOf } from "../support/http";

/**
 * Issue 28 §6: recurring commitments ticked day by day, pauses that excuse days, and the streak
 * of weeks kept, all in the member's own days. Only Date is faked (the database keeps running);
 * each story stays inside a session's 30 days.
 */
type Day = { day: string; done: boolean; paused: boolean; late: boolean; ahead: boolean };
type Page = {
  streak: number | null;
  commitments: {
    id: string;
    title: string;
    overdue: boolean;
    rhythm: string | null;
    weeks: { which: "last" | "this"; days: Day[] }[] | null;
  }[];
  pauses: { id: string; of: string | null; started: boolean }[];
};

function clockAt(instant: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(instant));
}

afterEach(() => {
  vi.useRealTimers();
});

const post = (member: TestMember, form: Record<string, string | string[]>) =>
  postAs(commitmentsAction, "/my_commitments", member, form);
const look = async (member: TestMember) => dataOf<Page>(await getAs(commitmentsLoader, "/my_commitments", member));
const errorsOf = async (answer: unknown) => (await dataOf<{ error: Record<string, string[]> }>(answer)).error;

/** The states of one commitment's days of a week, as "day:state" (what the page shows). */
function week(page: Page, title: string, which: "last" | "this") {
  const found = page.commitments.find((c) => c.title === title);
  return found?.weeks
    ?.find((w) => w.which === which)
    ?.days.map(
      (d) => `${d.day}:${d.done ? "done" : d.paused ? "paused" : d.late ? "late" : d.ahead ? "ahead" : "today"}`,
    );
}

async function idOf(title: string) {
  const [row] = await db().select({ id: commitments.id }).from(commitments).where(eq(commitments.title, title));
  return row.id;
}

describe("recurring commitments", () => {
  it("a weekly commitment is ticked day by day; the streak counts weeks kept, a pause keeps it, a missed week breaks it", async () => {
    clockAt("2026-03-02T09:00:00Z"); // Monday, 10:00 in Paris
    const member = await verifiedMember();
    const created = await post(member, {
      intent: "create",
      title: "Courir",
      repeat: "weekly",
      weekdays: ["1", "4"],
    });
    expect(statusOf(created)).toBe(303);
    const id = await idOf("Courir");
    let page = await look(member);
    expect(page.commitments[0].rhythm).toBe("Chaque semaine : lundi, jeudi");
    expect(week(page, "Courir", "this")).toEqual(["2026-03-02:today", "2026-03-05:ahead"]);
    expect(page.streak).toBe(0);

    expect(statusOf(await post(member, { intent: "tick", id, day: "2026-03-02" }))).toBe(303);
    // Thursday is still to come: it cannot be ticked ahead; Tuesday is no day of this commitment.
    const ahead = await post(member, { intent: "tick", id, day: "2026-03-05" });
    expect(statusOf(ahead)).toBe(422);
    expect((await errorsOf(ahead))[""]).toEqual(["errors.dayInvalid"]);
    expect(statusOf(await post(member, { intent: "tick", id, day: "2026-03-03" }))).toBe(422);
    expect(statusOf(await post(member, { intent: "tick", id, day: "2026-02-31" }))).toBe(400);
    page = await look(member);
    expect(week(page, "Courir", "this")).toEqual(["2026-03-02:done", "2026-03-05:ahead"]);
    expect(page.streak).toBe(0);

    clockAt("2026-03-05T19:00:00Z");
    await post(member, { intent: "tick", id, day: "2026-03-05" });
    expect((await look(member)).streak).toBe(1);
    // Each day on its own: unticking Thursday leaves Monday done.
    await post(member, { intent: "untick", id, day: "2026-03-05" });
    expect(week(await look(member), "Courir", "this")).toEqual(["2026-03-02:done", "2026-03-05:today"]);
    await post(member, { intent: "tick", id, day: "2026-03-05" });

    // Next Tuesday: Monday was missed (late), but a week in progress never breaks the streak.
    clockAt("2026-03-10T08:00:00Z");
    page = await look(member);
    expect(week(page, "Courir", "last")).toEqual(["2026-03-02:done", "2026-03-05:done"]);
    expect(week(page, "Courir", "this")).toEqual(["2026-03-09:late", "2026-03-12:ahead"]);
    expect(page.streak).toBe(1);
    await post(member, { intent: "tick", id, day: "2026-03-09" });
    clockAt("2026-03-12T20:00:00Z");
    await post(member, { intent: "tick", id, day: "2026-03-12" });
    expect((await look(member)).streak).toBe(2);

    // Holidays the whole third week, for all commitments.
    clockAt("2026-03-14T10:00:00Z");
    expect(
      statusOf(await post(member, { intent: "pause", commitmentId: "", from: "2026-03-16", until: "2026-03-22" })),
    ).toBe(303);
    clockAt("2026-03-24T10:00:00Z");
    page = await look(member);
    expect(week(page, "Courir", "last")).toEqual(["2026-03-16:paused", "2026-03-19:paused"]);
    expect(page.streak).toBe(2);
    // A paused day cannot be ticked either.
    expect(statusOf(await post(member, { intent: "tick", id, day: "2026-03-16" }))).toBe(422);

    // The fourth week goes by with nothing done: the streak is broken.
    clockAt("2026-03-31T10:00:00Z");
    page = await look(member);
    expect(week(page, "Courir", "last")).toEqual(["2026-03-23:late", "2026-03-26:late"]);
    expect(page.streak).toBe(0);

    // Said on the page, in both languages.
    const html = await renderPage(MyCommitments, { path: "/my_commitments", loaderData: page });
    expect(html).toContain("0 semaine tenue d’affilée");
    expect(html).toContain("Les jours en pause ne sont ni en retard ni comptés contre vous");
    const english = await renderPage(MyCommitments, { path: "/my_commitments", loaderData: page, lang: "en" });
    expect(english).toContain("0 weeks kept in a row");
    expect(english).toContain("Paused days are neither late nor held against you");
  });

  it("an edit changes the rhythm and keeps a start now long past; a one-off made before stays a one-off", async () => {
    clockAt("2026-03-02T09:00:00Z");
    const member = await verifiedMember();
    await post(member, { intent: "create", title: "Appeler ma sœur", dueDate: "2026-03-05" });
    // Thirty days back is as far as a start may go.
    expect(
      statusOf(
        await post(member, {
          intent: "create",
          title: "Nager",
          repeat: "weekly",
          weekdays: ["3"],
          startsOn: "2026-01-31",
        }),
      ),
    ).toBe(303);
    const id = await idOf("Nager");
    clockAt("2026-03-10T09:00:00Z");
    const edit = { intent: "update", id, title: "Nager longtemps", repeat: "every", everyDays: "3" };
    // Kept as it was, the start stays valid; moved, it must be in range again.
    const moved = await post(member, { ...edit, startsOn: "2026-02-01" });
    expect((await errorsOf(moved)).startsOn).toEqual(["errors.startsOnRange"]);
    expect(statusOf(await post(member, { ...edit, startsOn: "2026-01-31" }))).toBe(303);
    const [row] = await db().select().from(commitments).where(eq(commitments.id, id));
    expect(row).toMatchObject({
      title: "Nager longtemps",
      repeatEveryDays: 3,
      repeatWeekdays: null,
      startsOn: "2026-01-31",
    });
    const page = await look(member);
    expect(page.commitments.find((c) => c.title === "Nager longtemps")?.rhythm).toBe("Tous les 3 jours");
    expect(page.commitments.find((c) => c.title === "Appeler ma sœur")).toMatchObject({
      rhythm: null,
      weeks: null,
      overdue: true,
    });
  });

  it("every N days counts from the member's own today, in their time zone", async () => {
    clockAt("2026-03-02T12:00:00Z"); // already Tuesday 3 March, 01:00, in Auckland
    const member = await verifiedMember();
    await callWith(
      zoneAction,
      buildRequest("/profile/time-zone", { form: { timeZone: "Pacific/Auckland" }, cookie: member.cookie }),
    );
    await post(member, { intent: "create", title: "Méditer", repeat: "every", everyDays: "2" });
    const id = await idOf("Méditer");
    const [row] = await db().select().from(commitments).where(eq(commitments.id, id));
    expect(row).toMatchObject({ startsOn: "2026-03-03", repeatEveryDays: 2, repeatWeekdays: null, dueDate: null });
    const page = await look(member);
    expect(page.commitments[0].rhythm).toBe("Tous les 2 jours");
    expect(week(page, "Méditer", "this")).toEqual(["2026-03-03:today", "2026-03-05:ahead", "2026-03-07:ahead"]);
    // In Paris it is still Monday 2 March: no day of this commitment, and before it started.
    expect(statusOf(await post(member, { intent: "tick", id, day: "2026-03-02" }))).toBe(422);
    expect(statusOf(await post(member, { intent: "tick", id, day: "2026-03-03" }))).toBe(303);
    expect(await db().select().from(commitmentOccurrences)).toMatchObject([{ commitmentId: id, day: "2026-03-03" }]);
  });

  it("pausing one commitment excuses its days and a one-off due inside it, not the others; pauses are bounded and end without undoing the past", async () => {
    clockAt("2026-03-02T09:00:00Z");
    const member = await verifiedMember();
    await post(member, { intent: "create", title: "Lire", repeat: "weekly", weekdays: ["2"] });
    await post(member, { intent: "create", title: "Écrire", repeat: "every", everyDays: "1" });
    await post(member, { intent: "create", title: "Rendre le livre", dueDate: "2026-03-04" });
    const lire = await idOf("Lire");

    const refusals: [Record<string, string>, string, string][] = [
      [{ from: "2026-03-10", until: "2026-03-09" }, "from", "errors.pauseDates"],
      [{ from: "2026-01-29", until: "2026-03-09" }, "from", "errors.pauseDates"],
      [{ from: "2026-03-02", until: "2026-06-02" }, "until", "errors.pauseTooLong"],
      [{ from: "2026-03-02", until: "bientôt" }, "until", "errors.dateInvalid"],
    ];
    for (const [dates, field, message] of refusals) {
      const refused = await post(member, { intent: "pause", commitmentId: lire, ...dates });
      expect(statusOf(refused), JSON.stringify(dates)).toBeGreaterThanOrEqual(400);
      expect((await errorsOf(refused))[field]).toEqual([message]);
    }
    expect(await db().select().from(commitmentPauses)).toEqual([]);

    // A week off reading, which also covers the one-off due on the 4th? No: that pause is Lire's only.
    await post(member, { intent: "pause", commitmentId: lire, from: "2026-03-02", until: "2026-03-08" });
    clockAt("2026-03-05T09:00:00Z");
    let page = await look(member);
    expect(week(page, "Lire", "this")).toEqual(["2026-03-03:paused"]);
    expect(week(page, "Écrire", "this")?.slice(0, 4)).toEqual([
      "2026-03-02:late",
      "2026-03-03:late",
      "2026-03-04:late",
      "2026-03-05:today",
    ]);
    expect(page.commitments.find((c) => c.title === "Rendre le livre")?.overdue).toBe(true);

    // A pause of all of them covers the one-off's day: it is no longer late.
    await post(member, { intent: "pause", from: "2026-03-04", until: "2026-03-10" });
    page = await look(member);
    expect(page.commitments.find((c) => c.title === "Rendre le livre")?.overdue).toBe(false);
    expect(week(page, "Écrire", "this")?.slice(2, 5)).toEqual([
      "2026-03-04:paused",
      "2026-03-05:paused",
      "2026-03-06:paused",
    ]);
    expect(page.pauses.map((p) => [p.of, p.started])).toEqual([
      ["Lire", true],
      [null, true],
    ]);

    // Back early on the 6th: the pause ends yesterday; the days it covered stay excused.
    clockAt("2026-03-06T09:00:00Z");
    const all = page.pauses[1].id;
    expect(statusOf(await post(member, { intent: "unpause", id: all }))).toBe(303);
    page = await look(member);
    expect(week(page, "Écrire", "this")?.slice(2, 5)).toEqual([
      "2026-03-04:paused",
      "2026-03-05:paused",
      "2026-03-06:today",
    ]);
    expect(page.commitments.find((c) => c.title === "Rendre le livre")?.overdue).toBe(false);
    // A pause not started yet goes away altogether.
    await post(member, { intent: "pause", from: "2026-04-01", until: "2026-04-05" });
    const ahead = (await look(member)).pauses.find((p) => !p.started)!;
    await post(member, { intent: "unpause", id: ahead.id });
    expect((await look(member)).pauses.some((p) => p.id === ahead.id)).toBe(false);

    // The data copy carries the rules, the days done and the pauses.
    await post(member, { intent: "tick", id: await idOf("Écrire"), day: "2026-03-06" });
    const copy = await (
      (await callWith(dataFile, buildRequest("/profile/data.json", { cookie: member.cookie }))) as Response
    ).json();
    expect(copy.commitments.find((c: { title: string }) => c.title === "Écrire")).toMatchObject({
      repeat_every_days: 1,
      starts_on: "2026-03-02",
      done_days: ["2026-03-06"],
    });
    expect(copy.commitments.find((c: { title: string }) => c.title === "Lire").repeat_weekdays).toEqual([2]);
    expect(copy.commitment_pauses.map((p: { commitment: string | null }) => p.commitment)).toEqual(["Lire", null]);
  });

  it("a member keeps at most 20 pauses ahead or lately ended: the 21st is refused with a clear word", async () => {
    clockAt("2026-03-02T09:00:00Z");
    const member = await verifiedMember();
    for (let i = 0; i < 20; i++) {
      const from = `2026-04-${String(i + 1).padStart(2, "0")}`;
      expect(statusOf(await post(member, { intent: "pause", from, until: from }))).toBe(303);
    }
    const refused = await post(member, { intent: "pause", from: "2026-05-01", until: "2026-05-02" });
    expect(statusOf(refused)).toBe(422);
    expect((await errorsOf(refused))[""]).toEqual(["errors.tooManyPauses"]);
    expect(await db().select().from(commitmentPauses)).toHaveLength(20);
  });

  it("the form refuses a weekly rule without a day, a count out of 1–90 and a start out of range, and stores nothing", async () => {
    clockAt("2026-03-02T09:00:00Z");
    const member = await verifiedMember();
    const cases: [Record<string, string | string[]>, string, string][] = [
      [{ repeat: "weekly" }, "weekdays", "errors.weekdaysRequired"],
      [{ repeat: "every", everyDays: "0" }, "everyDays", "errors.everyDaysRange"],
      [{ repeat: "every", everyDays: "91" }, "everyDays", "errors.everyDaysRange"],
      [{ repeat: "every" }, "everyDays", "errors.everyDaysRange"],
      [{ repeat: "every", everyDays: "3", startsOn: "2026-01-01" }, "startsOn", "errors.startsOnRange"],
      [{ repeat: "weekly", weekdays: ["8"] }, "weekdays[0]", "Number must be less than or equal to 7"],
      [{ repeat: "toujours" }, "repeat", ""],
    ];
    for (const [form, field, message] of cases) {
      const refused = await post(member, { intent: "create", title: "Chanter", ...form });
      expect(statusOf(refused), JSON.stringify(form)).toBeGreaterThanOrEqual(400);
      expect(statusOf(refused)).toBeLessThan(500);
      if (message) expect((await errorsOf(refused))[field], JSON.stringify(form)).toEqual([message]);
    }
    expect(await db().select().from(commitments)).toEqual([]);
  });

  it("another member can neither tick, pause nor end a pause of someone else's commitment: 404, nothing changes", async () => {
    clockAt("2026-03-02T09:00:00Z");
    const ana = await verifiedMember({ email: "ana@example.com" });
    const bo = await verifiedMember({ email: "bo@example.com" });
    await post(ana, { intent: "create", title: "Secret d’Ana", repeat: "weekly", weekdays: ["1"] });
    const id = await idOf("Secret d’Ana");
    await post(ana, { intent: "pause", from: "2026-03-10", until: "2026-03-12" });
    const [pause] = await db().select().from(commitmentPauses);

    expect(statusOf(await post(bo, { intent: "tick", id, day: "2026-03-02" }))).toBe(404);
    expect(
      statusOf(await post(bo, { intent: "pause", commitmentId: id, from: "2026-03-02", until: "2026-03-03" })),
    ).toBe(404);
    expect(statusOf(await post(bo, { intent: "unpause", id: pause.id }))).toBe(404);
    expect(await db().select().from(commitmentOccurrences)).toEqual([]);
    expect(await db().select().from(commitmentPauses)).toEqual([pause]);
    const seen = await look(bo);
    expect([seen.commitments, seen.pauses, seen.streak]).toEqual([[], [], null]);
  });
});
