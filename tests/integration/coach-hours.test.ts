import type { ActionFunctionArgs } from "@remix-run/node";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { localDay } from "~/.server/calendar/time-zones.server";
import type { Booker } from "~/.server/coaching/booking-records.server";
import { bookSession } from "~/.server/coaching/booking/book.server";
import { activeCoaches, coachOf } from "~/.server/coaching/booking/free-times.server";
import { db } from "~/.server/db/client.server";
import { auditEvents, coaches, coachingBookings } from "~/.server/db/schema.server";
import { grantRole } from "~/.server/coaching/coaches/role-changes.server";
import { action as adminAction, loader as adminLoader } from "~/routes/_default.admin.coaches.$id_.hours/route";
import { loader as bookingLoader } from "~/routes/_default.coaching.$coach_slug/route";
import { action as hoursAction, loader as hoursLoader } from "~/routes/_default.coach.hours/route";
import { verifiedMember } from "../support/accounts";
import { CLAIRE_EMAIL, coachMember } from "../support/coaches";
import { endpointAt } from "../support/endpoints";
import { buildRequest, call, callApi, dataOf, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";

/**
 * Issue 24 items 4, 8, 12, 13: a coach's weekly hours, set by the coach (or an admin), hold at
 * once for members; bad input changes nothing; booked sessions outside new hours stay and are listed.
 */
const DAY = 24 * 3600_000;
const PARIS = "Europe/Paris";

/** The form of the hours page: every weekday empty but those given, then the settings. */
function hoursForm(
  windows: Partial<Record<"mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun", [string, string][]>>,
  settings: Record<string, string> = {},
): Record<string, string> {
  const form: Record<string, string> = {
    timeZone: PARIS,
    sessionMinutes: "60",
    bufferMinutes: "0",
    minNoticeHours: "0",
    horizonDays: "30",
    changeNoticeHours: "24",
    ...settings,
  };
  for (const [day, rows] of Object.entries(windows))
    rows.forEach(([from, to], index) => {
      form[`${day}[${index}].from`] = from;
      form[`${day}[${index}].to`] = to;
    });
  return form;
}

/** A Monday at least three days from now, as a Paris calendar day. */
function nextMonday(): string {
  for (let at = Date.now() + 3 * DAY; ; at += DAY) {
    const day = localDay(new Date(at), PARIS);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 1) return day;
  }
}

async function saveHours(cookie: string, form: Record<string, string>) {
  return call(hoursAction, buildRequest("/coach/hours", { form, cookie }));
}

/** The times a member sees on the coach's page for `day`, in Paris. */
async function timesOn(member: { cookie: string }, slug: string, day: string): Promise<string[]> {
  const answer = await call(
    bookingLoader,
    buildRequest(`/coaching/${slug}?day=${day}&tz=${PARIS}`, { cookie: member.cookie }),
    { coach_slug: slug },
  );
  const data = await dataOf<{ calendar: { day: { times: { time: string }[] } | null } }>(answer);
  return data.calendar.day?.times.map((slot) => slot.time) ?? [];
}

/** The member as the booking service takes them. */
const booker = (member: { memberId: string; email: string }, firstname = "Zoé", lastname = "Martin"): Booker => ({
  id: member.memberId,
  firstname,
  lastname,
  email: member.email,
  lang: "fr",
});

const errorsOf = async (answer: unknown) => (await dataOf<{ error: Record<string, string[] | null> }>(answer)).error;

describe("a coach's weekly hours", () => {
  it("a new coach is not listed until they set hours; what they save is what members see, at once", async () => {
    const coach = await coachMember({ email: "pat@example.com", first: { firstName: "Pat", lastName: "Lemoine" } });
    const member = await verifiedMember({ email: "zoe@example.com" });
    expect((await activeCoaches()).map((c) => c.slug)).not.toContain(coach.coach.slug);
    const monday = nextMonday();
    expect(await timesOn(member, coach.coach.slug, monday)).toEqual([]);
    // Their page, found by its link, opens on this month (not on the last one it could show).
    const opened = await dataOf<{ calendar: { month: string } }>(
      await call(bookingLoader, buildRequest(`/coaching/${coach.coach.slug}?tz=${PARIS}`, { cookie: member.cookie }), {
        coach_slug: coach.coach.slug,
      }),
    );
    expect(opened.calendar.month).toBe(localDay(new Date(), PARIS).slice(0, 7));

    const saved = await saveHours(coach.cookie, hoursForm({ mon: [["09:00", "12:00"]] }));
    expect(statusOf(saved)).toBe(303);
    expect((saved as Response).headers.get("Location")).toBe("/coach/hours?saved=1");
    expect((await activeCoaches()).map((c) => c.slug)).toContain(coach.coach.slug);
    expect(await timesOn(member, coach.coach.slug, monday)).toEqual(["09:00", "10:00", "11:00"]);

    // Afternoons instead, 45-minute sessions and a 15-minute break, a range to midnight (00:00).
    await saveHours(
      coach.cookie,
      hoursForm(
        {
          mon: [
            ["14:00", "16:00"],
            ["22:00", "00:00"],
          ],
        },
        { sessionMinutes: "45", bufferMinutes: "15" },
      ),
    );
    expect(await timesOn(member, coach.coach.slug, monday)).toEqual(["14:00", "15:00", "22:00", "23:00"]);
    const stored = await coachOf(coach.coach.slug);
    expect(stored?.weekly).toEqual({
      mon: [
        ["14:00", "16:00"],
        ["22:00", "24:00"],
      ],
    });

    // The page shows what was saved (a midnight end as 00:00, for the time input) and a row more.
    const page = await dataOf<{
      values: Record<string, unknown>;
      days: { key: string; rows: number }[];
      saved: boolean;
    }>(await call(hoursLoader, buildRequest("/coach/hours?saved=1", { cookie: coach.cookie })));
    expect(page.saved).toBe(true);
    expect(page.values.mon).toEqual([
      { from: "14:00", to: "16:00" },
      { from: "22:00", to: "00:00" },
    ]);
    expect(page.days.find((day) => day.key === "mon")?.rows).toBe(3);
    expect(page.days.map((day) => day.key)).toEqual(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]);
  });

  it("notice and horizon are the coach's own, for the times shown and the bookings checked", async () => {
    const coach = await coachMember({ email: "pat@example.com" });
    const member = await verifiedMember({ email: "zoe@example.com" });
    const every = (["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const).map((day) => [
      day,
      [["00:00", "24:00"]],
    ]);
    const allWeek = Object.fromEntries(every) as Parameters<typeof hoursForm>[0];
    const monday = nextMonday();
    // Notice: 336 hours (14 days) hides a Monday 3 to 9 days ahead.
    await saveHours(coach.cookie, hoursForm(allWeek, { minNoticeHours: "336", horizonDays: "60" }));
    expect(await timesOn(member, coach.coach.slug, monday)).toEqual([]);
    const start = new Date(`${monday}T10:00:00Z`);
    const refused = await bookSession(booker(member), {
      coachSlug: coach.coach.slug,
      start,
      timeZone: PARIS,
      fromPath: null,
    });
    expect(refused).toMatchObject({ ok: false, error: "slotUnavailable" });
    // Horizon: 1 day hides it too; with no notice and 30 days, it is offered and booked.
    await saveHours(coach.cookie, hoursForm(allWeek, { minNoticeHours: "0", horizonDays: "1" }));
    expect(await timesOn(member, coach.coach.slug, monday)).toEqual([]);
    await saveHours(coach.cookie, hoursForm(allWeek, { minNoticeHours: "0", horizonDays: "30" }));
    expect((await timesOn(member, coach.coach.slug, monday)).length).toBe(24);
    const booked = await bookSession(booker(member), {
      coachSlug: coach.coach.slug,
      start,
      timeZone: PARIS,
      fromPath: null,
    });
    expect(booked.ok).toBe(true);
  });

  it("refuses bad input with a translated message under the field, and changes nothing", async () => {
    const coach = await coachMember({ email: CLAIRE_EMAIL });
    const before = await coachOf("claire-moreau");
    const cases: [Record<string, string>, string, string][] = [
      [
        hoursForm({
          mon: [
            ["09:00", "12:00"],
            ["11:00", "13:00"],
          ],
        }),
        "mon[1].from",
        "overlap",
      ],
      [hoursForm({ tue: [["09:00", "24:30"]] }), "tue[0].to", "timeInvalid"],
      [hoursForm({ wed: [["12:00", "09:00"]] }), "wed[0].to", "endBeforeStart"],
      [hoursForm({ thu: [["24:00", "00:00"]] }), "thu[0].from", "timeInvalid"],
      [{ ...hoursForm({}), "fri[0].from": "09:00" }, "fri[0].to", "timeMissing"],
      [hoursForm({ mon: [["9h", "12:00"]] }), "mon[0].from", "timeInvalid"],
      [hoursForm({}, { sessionMinutes: "10" }), "sessionMinutes", "sessionMinutesRange"],
      [hoursForm({}, { sessionMinutes: "241" }), "sessionMinutes", "sessionMinutesRange"],
      [hoursForm({}, { bufferMinutes: "121" }), "bufferMinutes", "bufferMinutesRange"],
      [hoursForm({}, { minNoticeHours: "337" }), "minNoticeHours", "minNoticeHoursRange"],
      [hoursForm({}, { minNoticeHours: "-1" }), "minNoticeHours", "minNoticeHoursRange"],
      [hoursForm({}, { horizonDays: "0" }), "horizonDays", "horizonDaysRange"],
      [hoursForm({}, { horizonDays: "366" }), "horizonDays", "horizonDaysRange"],
      [hoursForm({}, { horizonDays: "1.5" }), "horizonDays", "horizonDaysRange"],
      [hoursForm({}, { sessionMinutes: "9".repeat(400) }), "sessionMinutes", "sessionMinutesRange"],
      [hoursForm({}, { timeZone: "Mars/Base" }), "timeZone", "timeZoneInvalid"],
      [hoursForm({}, { timeZone: `Europe/${"x".repeat(3000)}` }), "timeZone", "timeZoneInvalid"],
      [hoursForm({ sat: [["09:00".repeat(500), "12:00"]] }), "sat[0].from", "timeInvalid"],
    ];
    for (const [form, field, message] of cases) {
      const answer = await saveHours(coach.cookie, form);
      expect(statusOf(answer), field).toBe(400);
      expect((await errorsOf(answer))[field], field).toEqual([`coach:hours.errors.${message}`]);
    }
    // Seven rows in a day (the page shows six at most), or a forged far row: refused as a whole.
    const seven = hoursForm({
      sun: Array.from({ length: 7 }, (_, index) => [`0${index}:00`, `0${index}:30`] as [string, string]),
    });
    expect((await errorsOf(await saveHours(coach.cookie, seven)))[""]).toEqual(["coach:hours.errors.tooManyWindows"]);
    const far = { ...hoursForm({ mon: [["09:00", "10:00"]] }), "mon[999999].from": "10:00", "mon[999999].to": "11:00" };
    const farAnswer = await saveHours(coach.cookie, far);
    expect(statusOf(farAnswer)).toBe(400);
    expect((await errorsOf(farAnswer))[""]).toEqual(["coach:hours.errors.tooManyWindows"]);
    // Every message exists in both languages.
    const { resources } = await import("~/locales/resources");
    for (const lang of ["fr", "en"] as const)
      for (const [, , message] of cases)
        expect((resources[lang].coach.hours.errors as Record<string, string>)[message], message).toBeTruthy();

    expect(await coachOf("claire-moreau")).toEqual(before);
    expect(await db().select().from(auditEvents).where(eq(auditEvents.action, "coach.hours.changed"))).toEqual([]);
  });

  it("keeps booked sessions outside the new hours and lists them; the change is audited", async () => {
    const coach = await coachMember({ email: "pat@example.com", first: { firstName: "Pat", lastName: "Lemoine" } });
    const member = await verifiedMember({ email: "zoe@example.com", first: { firstName: "Zoé", lastName: "Martin" } });
    const monday = nextMonday();
    await saveHours(coach.cookie, hoursForm({ mon: [["09:00", "12:00"]] }));
    // The first free time of that Monday: 09:00 in Paris.
    const answer = await call(
      bookingLoader,
      buildRequest(`/coaching/${coach.coach.slug}?day=${monday}&tz=${PARIS}`, { cookie: member.cookie }),
      { coach_slug: coach.coach.slug },
    );
    const [nine] = (await dataOf<{ calendar: { day: { times: { start: string }[] } } }>(answer)).calendar.day.times;
    const booked = await bookSession(booker(member), {
      coachSlug: coach.coach.slug,
      start: new Date(nine.start),
      timeZone: PARIS,
      fromPath: null,
    });
    expect(booked.ok).toBe(true);
    let page = await dataOf<{ outside: unknown[] }>(
      await call(hoursLoader, buildRequest("/coach/hours", { cookie: coach.cookie })),
    );
    expect(page.outside).toEqual([]);

    await saveHours(coach.cookie, hoursForm({ tue: [["14:00", "18:00"]] }));
    page = await dataOf<{ outside: { member: string; time: string }[] }>(
      await call(hoursLoader, buildRequest("/coach/hours?saved=1", { cookie: coach.cookie })),
    );
    expect(page.outside).toEqual([expect.objectContaining({ member: "Zoé Martin", time: "09:00–10:00" })]);
    const [session] = await db().select().from(coachingBookings).where(eq(coachingBookings.coachId, coach.coach.id));
    expect(session.status).toBe("confirmed");

    const [entry] = await db().select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    expect(entry).toMatchObject({
      actorId: coach.memberId,
      subjectId: coach.memberId,
      subjectName: "Pat Lemoine",
      action: "coach.hours.changed",
      before: expect.objectContaining({ weekly: { mon: [["09:00", "12:00"]] } }),
      after: expect.objectContaining({ weekly: { tue: [["14:00", "18:00"]] }, sessionMinutes: 60 }),
    });
  });

  it("opens /coach/hours to coaches only, each to their own hours", async () => {
    const member = await verifiedMember({ email: "zoe@example.com" });
    const pat = await coachMember({ email: "pat@example.com" });
    const claire = await coachMember({ email: CLAIRE_EMAIL });
    const before = await coachOf("claire-moreau");
    const form = hoursForm({ mon: [["09:00", "10:00"]] });
    expect(statusOf(await call(hoursLoader, buildRequest("/coach/hours", { cookie: member.cookie })))).toBe(404);
    expect(statusOf(await saveHours(member.cookie, form))).toBe(404);
    // Pat's post changes Pat's hours, never Claire's, whatever the form carries.
    await saveHours(pat.cookie, { ...form, id: claire.coach.id, coachId: claire.coach.id });
    expect(await coachOf("claire-moreau")).toEqual(before);
    const page = await dataOf<{ values: { mon: unknown } }>(
      await call(hoursLoader, buildRequest("/coach/hours", { cookie: claire.cookie })),
    );
    expect(page.values.mon).toEqual(before?.weekly.mon?.map(([from, to]) => ({ from, to })));
  });
});

describe("an admin's view of a coach's hours", () => {
  it("lets an admin set any coach's hours; a coach or a member gets the 404 page", async () => {
    const admin = await verifiedMember({ email: "boss@example.com", first: { firstName: "Ada", lastName: "Boss" } });
    await grantRole({ memberId: null }, admin.memberId, "admin");
    const coach = await coachMember({ email: "pat@example.com" });
    const member = await verifiedMember({ email: "zoe@example.com" });
    const [julien] = await db().select().from(coaches).where(eq(coaches.slug, "julien-bernard"));
    const path = `/admin/coaches/${julien.id}/hours`;
    const params = { id: julien.id };
    const form = hoursForm({ wed: [["08:00", "11:00"]] });

    for (const outsider of [coach, member]) {
      expect(statusOf(await call(adminLoader, buildRequest(path, { cookie: outsider.cookie }), params))).toBe(404);
      expect(statusOf(await call(adminAction, buildRequest(path, { form, cookie: outsider.cookie }), params))).toBe(
        404,
      );
    }
    expect((await coachOf("julien-bernard"))?.weekly).toEqual(julien.weekly);

    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      statusOf(
        await call(adminLoader, buildRequest(`/admin/coaches/${unknown}/hours`, { cookie: admin.cookie }), {
          id: unknown,
        }),
      ),
    ).toBe(404);
    expect(
      statusOf(await call(adminLoader, buildRequest("/admin/coaches/x/hours", { cookie: admin.cookie }), { id: "x" })),
    ).toBe(404);

    const page = await dataOf<{ title: string; coach: { id: string } }>(
      await call(
        adminLoader,
        buildRequest(path, { cookie: admin.cookie, headers: { "Accept-Language": "en" } }),
        params,
      ),
    );
    expect(page.coach.id).toBe(julien.id);
    const saved = await call(adminAction, buildRequest(path, { form, cookie: admin.cookie }), params);
    expect(statusOf(saved)).toBe(303);
    expect((saved as Response).headers.get("Location")).toBe(`${path}?saved=1`);
    expect((await coachOf("julien-bernard"))?.weekly).toEqual({ wed: [["08:00", "11:00"]] });
    const bad = await call(
      adminAction,
      buildRequest(path, { form: hoursForm({}, { horizonDays: "0" }), cookie: admin.cookie }),
      params,
    );
    expect(statusOf(bad)).toBe(400);
    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.action, "coach.hours.changed"));
    // Julien has no account: the entry names him, with no member to link to.
    expect(entry).toMatchObject({ actorId: admin.memberId, subjectId: null, subjectName: julien.name });
  });
});

// --- The API -----------------------------------------------------------------------------------------

type Handler = (args: ActionFunctionArgs) => Promise<Response> | Response;
const hoursGet = endpointAt("/api/coach/hours").loader as Handler;
const hoursPost = endpointAt("/api/coach/hours").action as Handler;

const send = (fn: Handler, token: string | null, json?: unknown) =>
  callApi(fn, "/api/coach/hours", token, { json, lang: "en" });

const body = {
  time_zone: PARIS,
  session_minutes: 30,
  buffer_minutes: 10,
  min_notice_hours: 2,
  horizon_days: 14,
  weekly: { mon: [{ from: "09:00", to: "12:00" }], fri: [{ from: "18:00", to: "24:00" }] },
};

describe("the hours API", () => {
  it("reads and replaces the coach's own hours, each answer as /api/openapi.json says", async () => {
    const coach = await coachMember({ email: "pat@example.com" });
    const read = await checkedJson(await send(hoursGet, coach.token), "/api/coach/hours", "get");
    expect(read.hours).toMatchObject({ time_zone: expect.any(String), session_minutes: 45, weekly: { mon: [] } });
    expect(read.outside_hours).toEqual([]);

    const saved = await checkedJson(await send(hoursPost, coach.token, body), "/api/coach/hours", "post");
    expect(saved.hours).toEqual({
      ...body,
      // Left out of the body, the notice to move or cancel (issue 28 item 7) keeps its 24 h.
      change_notice_hours: 24,
      weekly: { mon: body.weekly.mon, tue: [], wed: [], thu: [], fri: body.weekly.fri, sat: [], sun: [] },
    });
    const stored = await coachOf(coach.coach.slug);
    expect(stored).toMatchObject({ sessionMinutes: 30, bufferMinutes: 10, minNoticeHours: 2, horizonDays: 14 });
    expect(stored?.weekly).toEqual({ mon: [["09:00", "12:00"]], fri: [["18:00", "24:00"]] });
  });

  it("answers 401 without a token, 404 to a member who is no coach, 422 to bad input (nothing saved)", async () => {
    const member = await verifiedMember({ email: "zoe@example.com" });
    const coach = await coachMember({ email: "pat@example.com" });
    expect((await send(hoursGet, null)).status).toBe(401);
    await checkedJson(await send(hoursGet, null), "/api/coach/hours", "get");
    for (const answer of [await send(hoursGet, member.token), await send(hoursPost, member.token, body)])
      expect(answer.status).toBe(404);

    const bad: [unknown, string, string][] = [
      [
        {
          ...body,
          weekly: {
            mon: [
              { from: "09:00", to: "12:00" },
              { from: "11:00", to: "13:00" },
            ],
          },
        },
        "from",
        "This range overlaps another range of the same day.",
      ],
      [
        { ...body, weekly: { tue: [{ from: "09:00", to: "24:30" }] } },
        "to",
        "Enter a time as HH:mm, from 00:00 to 24:00.",
      ],
      [{ ...body, weekly: { wed: [{ from: "12:00", to: "09:00" }] } }, "to", "The range must end after it starts."],
      [{ ...body, weekly: { funday: [] } }, "weekly", "Unknown day: mon, tue, wed, thu, fri, sat or sun."],
      [{ ...body, session_minutes: 10 }, "session_minutes", "A session lasts 15 to 240 minutes."],
      [{ ...body, min_notice_hours: 400 }, "min_notice_hours", "The minimum notice is 0 to 336 hours (14 days)."],
      [{ ...body, horizon_days: 0 }, "horizon_days", "Enter 1 to 365 days."],
      [{ ...body, change_notice_hours: 169 }, "change_notice_hours", "The notice is 0 to 168 hours (7 days)."],
      [{ ...body, time_zone: "x".repeat(5000) }, "time_zone", "Choose a time zone from the list."],
    ];
    for (const [json, field, message] of bad) {
      const answer = await send(hoursPost, coach.token, json);
      expect(answer.status, field).toBe(422);
      const { errors } = await checkedJson(answer, "/api/coach/hours", "post");
      expect(errors[field], JSON.stringify(errors)).toEqual([message]);
    }
    const seven = {
      ...body,
      weekly: { sun: Array.from({ length: 7 }, (_, i) => ({ from: `0${i}:00`, to: `0${i}:30` })) },
    };
    expect((await send(hoursPost, coach.token, seven)).status).toBe(422);
    expect((await coachOf(coach.coach.slug))?.weekly).toEqual({});
  });
});
