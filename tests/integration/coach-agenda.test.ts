import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { agendaPath } from "~/.server/coaching/agenda/agenda-link.server";
import { coachOf } from "~/.server/coaching/booking/free-times.server";
import { localDay } from "~/.server/calendar/time-zones.server";
import { addDays } from "~/.server/calendar/days.server";
import { db } from "~/.server/db/client.server";
import { coachingBookings, coachTimeOff } from "~/.server/db/schema.server";
import { savePhoto } from "~/.server/media/photo.server";
import { loader as coachLoader } from "~/routes/_default.coaching.$coach_slug/route";
import { action as agendaAction, loader as agendaLoader } from "~/routes/_home.coach.agenda.$token/route";
import { loader as feedLoader } from "~/routes/_home.coach.agenda.$token_.sessions[.]ics";
import { loader as sessionLinkLoader } from "~/routes/_home.coach.session.$token";
import { languageCookiePair, mailsTo, type TestMember, verifiedMember } from "../support/accounts";
import { answerOf, buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";
import { bookClaireAt, claire, claireSlots } from "../support/coaches";

const DAY = 24 * 60 * 60 * 1000;
const claireEmail = "claire.moreau@coachs.cap.example";

const lng = languageCookiePair;
const laterSlots = () => claireSlots();

const book = (member: TestMember, start: Date, lang: "fr" | "en" = "fr") =>
  bookClaireAt(member, start, { tz: "America/New_York", lang });

async function tokenOfClaire() {
  return agendaPath(await claire())
    .split("/")
    .pop()!;
}

async function openAgenda(token: string, query = "", lang: "fr" | "en" = "fr") {
  return callWith(agendaLoader, buildRequest(`/coach/agenda/${token}${query}`, { cookie: await lng(lang) }), {
    params: { token },
  });
}

async function postAgenda(token: string, form: Record<string, string>) {
  return callWith(agendaAction, buildRequest(`/coach/agenda/${token}`, { form, cookie: await lng("fr") }), {
    params: { token },
  });
}

type AgendaCard = {
  id: string;
  memberName: string;
  time: string;
  zone: string;
  meetingUrl: string | null;
  photo: string | null;
};
type AgendaPage = {
  upcoming: { sessions: AgendaCard[] };
  past: { sessions: (AgendaCard & { status: string })[] };
  timeOff: { id: string; first: string; last: string | null; reason: string | null }[];
  feedUrl: string;
};

async function bookingsOf(memberId: string) {
  return db().select().from(coachingBookings).where(eq(coachingBookings.memberId, memberId));
}

describe("the coach's agenda link", () => {
  it("comes in the coach's mails and lists upcoming and past sessions with names, coach-zone times and links", async () => {
    const member = await verifiedMember();
    const [slot] = await laterSlots();
    expect(statusOf(await book(member, slot.start))).toBe(303);
    const [booking] = await bookingsOf(member.memberId);
    const token = await tokenOfClaire();

    const confirmation = (await mailsTo(claireEmail)).find((m) => m.subject.startsWith("Séance découverte confirmée"))!;
    expect(confirmation.text).toContain(`/coach/agenda/${token}`);

    // Without a language chosen, the page first takes the coach's language (Claire: fr).
    const first = await callWith(agendaLoader, buildRequest(`/coach/agenda/${token}`), { params: { token } });
    expect(statusOf(first)).toBe(302);
    expect(headerOf(first, "Set-Cookie")).toMatch(/^lng=/);

    const page = await dataOf<AgendaPage>(await openAgenda(token));
    expect(page.upcoming.sessions).toEqual([
      expect.objectContaining({
        id: booking.id,
        memberName: "Marie Curie",
        meetingUrl: booking.meetingUrl,
        // The member booked in New York's zone; the coach reads Paris time.
        zone: expect.stringMatching(/^Paris \(UTC\+[12]\)$/),
      }),
    ]);
    const parisStart = new Intl.DateTimeFormat("fr", {
      timeZone: "Europe/Paris",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(slot.start);
    expect(page.upcoming.sessions[0].time.startsWith(parisStart)).toBe(true);
    expect(page.feedUrl).toMatch(new RegExp(`/coach/agenda/${token}/sessions\\.ics$`));
    // Without a photo: the member's initials (the page's); with one, the coach sees it beside the name.
    expect(page.upcoming.sessions[0]).toMatchObject({ photo: null });
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#c85028" } })
      .jpeg()
      .toBuffer();
    const saved = await savePhoto(member.memberId, jpeg);
    if (!saved.ok) throw new Error(saved.error);
    const withPhoto = await dataOf<AgendaPage>(await openAgenda(token));
    expect(withPhoto.upcoming.sessions[0]).toMatchObject({ photo: saved.url });

    // Past ones: a session that ended yesterday.
    await db()
      .update(coachingBookings)
      .set({
        startsAt: new Date(Date.now() - DAY - 45 * 60_000),
        endsAt: new Date(Date.now() - DAY),
        blockedUntil: new Date(Date.now() - DAY + 15 * 60_000),
      })
      .where(eq(coachingBookings.id, booking.id));
    const later = await dataOf<AgendaPage>(await openAgenda(token));
    expect(later.upcoming.sessions).toEqual([]);
    expect(later.past.sessions.map((s) => [s.id, s.memberName])).toEqual([[booking.id, "Marie Curie"]]);

    // The per-session page leads to the agenda too.
    const sessionLink = /\/coach\/session\/([\w-]{43})/.exec(confirmation.text)![1];
    const sessionPage = await dataOf<{ agenda: string }>(
      await callWith(sessionLinkLoader, buildRequest(`/coach/session/${sessionLink}`), {
        params: { token: sessionLink },
      }),
    );
    expect(sessionPage.agenda).toBe(`/coach/agenda/${token}`);
  });

  it("answers 404 to a wrong token; renewing mails a new link and the old link and feed stop working", async () => {
    const token = await tokenOfClaire();
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [wrong, "not-a-token", "x".repeat(500)]) {
      expect(statusOf(await openAgenda(bad))).toBe(404);
      expect(statusOf(await postAgenda(bad, { intent: "renew" }))).toBe(404);
    }
    const renewed = await postAgenda(token, { intent: "renew" });
    expect(headerOf(renewed, "Location")).toBe("/coach/link-renewed");
    const fresh = await tokenOfClaire();
    expect(fresh).not.toBe(token);
    expect(statusOf(await openAgenda(token))).toBe(404);
    expect(
      statusOf(await callWith(feedLoader, buildRequest(`/coach/agenda/${token}/sessions.ics`), { params: { token } })),
    ).toBe(404);
    expect(statusOf(await openAgenda(fresh))).toBe(200);
    const mail = (await mailsTo(claireEmail)).find((m) => m.subject === "Votre nouveau lien d’agenda Cap")!;
    expect(mail.text).toContain(`/coach/agenda/${fresh}`);
    expect(mail.text).not.toContain(token);
  });

  it("refuses a post no form of the agenda sends with 400 and the page's message; the link still works", async () => {
    const token = await tokenOfClaire();
    const answer = await postAgenda(token, { intent: "explode" });
    expect(statusOf(answer)).toBe(400);
    expect(await dataOf(answer)).toMatchObject({ error: { "": ["common:error.unknownIntent"] } });
    expect(await tokenOfClaire()).toBe(token);
    expect(statusOf(await openAgenda(token))).toBe(200);
  });
});

describe("cancelling from the agenda", () => {
  it("cancels with a reason the member receives in their language (fr and en)", async () => {
    const slots = await laterSlots();
    const marie = await verifiedMember();
    const john = await verifiedMember({ email: "john@example.com" });
    await book(marie, slots[0].start, "fr");
    await book(john, slots[2].start, "en");
    const token = await tokenOfClaire();
    for (const [member, reason, expected] of [
      [marie, "Je suis malade, désolée.", "Son message : « Je suis malade, désolée. »"],
      [john, "I am ill, sorry.", "Their message: “I am ill, sorry.”"],
    ] as const) {
      const [booking] = await bookingsOf(member.memberId);
      const answer = await postAgenda(token, { intent: "cancel", booking: booking.id, reason });
      expect(headerOf(answer, "Location")).toBe(`/coach/agenda/${token}?cancelled#upcoming`);
      expect((await bookingsOf(member.memberId))[0]).toMatchObject({ status: "cancelled", cancelledBy: "coach" });
      const news = (await mailsTo(member.email)).find((m) => /annulée|cancelled/.test(m.subject))!;
      expect(news.text).toContain(expected);
      expect((await mailsTo(member.email)).filter((m) => /^(Rappel|Reminder)/.test(m.subject))).toEqual([]);
    }
  });

  it("refuses an overlong reason and another coach's session, changing nothing", async () => {
    const [slot] = await laterSlots();
    const member = await verifiedMember();
    await book(member, slot.start);
    const [booking] = await bookingsOf(member.memberId);
    const token = await tokenOfClaire();
    const long = await postAgenda(token, { intent: "cancel", booking: booking.id, reason: "x".repeat(501) });
    expect(statusOf(long)).toBe(400);
    expect(await dataOf(long)).toMatchObject({ error: { reason: ["coaching:agenda.errors.reasonTooLong"] } });
    const julien = await coachOf("julien-bernard");
    const otherToken = agendaPath(julien!).split("/").pop()!;
    expect(statusOf(await postAgenda(otherToken, { intent: "cancel", booking: booking.id }))).toBe(404);
    expect((await bookingsOf(member.memberId))[0].status).toBe("confirmed");
  });
});

describe("time off", () => {
  it("removes the days' free times at once, refuses bookings inside, and cancels and tells the members inside", async () => {
    const slots = await laterSlots();
    const member = await verifiedMember();
    await book(member, slots[0].start);
    const day = localDay(slots[0].start, "Europe/Paris");
    const token = await tokenOfClaire();

    const added = await postAgenda(token, { intent: "timeOff", firstDay: day, lastDay: "", reason: "Formation" });
    expect(headerOf(added, "Location")).toBe(`/coach/agenda/${token}?timeOff=1#time-off`);
    expect((await bookingsOf(member.memberId))[0]).toMatchObject({ status: "cancelled", cancelledBy: "coach" });
    const news = (await mailsTo(member.email)).find((m) => /annulée/.test(m.subject))!;
    expect(news.text).toContain("Claire Moreau ne sera pas disponible ce jour-là.");
    expect(news.text).toContain("« Formation »");

    const free = await laterSlots();
    expect(free.filter((s) => localDay(s.start, "Europe/Paris") === day)).toEqual([]);
    expect(free.length).toBeGreaterThan(0);

    // The month and day pages offer nothing that day; a booking inside is refused.
    const other = await verifiedMember({ email: "paul@example.com" });
    const page = await dataOf<{
      calendar: { weeks: { day: string; slotCount: number; status: string }[][]; day: { times: unknown[] } };
    }>(
      await callWith(
        coachLoader,
        buildRequest(`/coaching/claire-moreau?tz=Europe/Paris&day=${day}`, { cookie: other.cookie }),
        { params: { coach_slug: "claire-moreau" } },
      ),
    );
    expect(page.calendar.day.times).toEqual([]);
    // Said as a day without sessions, not as a fully booked one.
    expect(page.calendar.weeks.flat().find((cell) => cell.day === day)).toMatchObject({
      slotCount: 0,
      status: "closed",
    });
    expect(statusOf(await book(other, slots[1].start))).toBe(409);
    expect(await bookingsOf(other.memberId)).toEqual([]);

    const agenda = await dataOf<AgendaPage>(await openAgenda(token));
    expect(agenda.timeOff).toEqual([expect.objectContaining({ last: null, reason: "Formation" })]);
    // Removed: the times come back.
    expect(statusOf(await postAgenda(token, { intent: "removeTimeOff", id: agenda.timeOff[0].id }))).toBe(303);
    expect((await laterSlots()).some((s) => localDay(s.start, "Europe/Paris") === day)).toBe(true);
  });

  it("refuses past days, days too far, reversed or overlong ranges and overlong reasons, adding nothing", async () => {
    const token = await tokenOfClaire();
    const today = localDay(new Date(), "Europe/Paris");
    const cases: [Record<string, string>, string, string][] = [
      [{ firstDay: addDays(today, -1) }, "firstDay", "coaching:agenda.errors.dayPast"],
      [{ firstDay: addDays(today, 400) }, "firstDay", "coaching:agenda.errors.dayTooFar"],
      [{ firstDay: addDays(today, 5), lastDay: addDays(today, 3) }, "lastDay", "coaching:agenda.errors.rangeReversed"],
      [{ firstDay: addDays(today, 1), lastDay: addDays(today, 200) }, "lastDay", "coaching:agenda.errors.rangeTooLong"],
      [{ firstDay: "2026-02-31" }, "firstDay", "coaching:agenda.errors.dayInvalid"],
      [{ firstDay: "" }, "firstDay", "coaching:agenda.errors.dayRequired"],
      [{ firstDay: addDays(today, 2), reason: "x".repeat(501) }, "reason", "coaching:agenda.errors.reasonTooLong"],
    ];
    for (const [form, field, message] of cases) {
      const answer = await postAgenda(token, { intent: "timeOff", ...form });
      expect(statusOf(answer), JSON.stringify(form)).toBe(400);
      expect(await dataOf(answer)).toMatchObject({ error: { [field]: [message] } });
    }
    expect(await db().select().from(coachTimeOff)).toEqual([]);
    // The messages exist in both languages.
    const { resources } = await import("~/locales/resources");
    for (const lang of ["fr", "en"] as const) {
      for (const [, , message] of cases) {
        const path = message.replace("coaching:", "").split(".");
        let value: unknown = resources[lang].coaching;
        for (const part of path) value = (value as Record<string, unknown>)[part];
        expect(typeof value, `${lang} ${message}`).toBe("string");
      }
    }
  });
});

describe("the .ics feed", () => {
  it("serves the coach's sessions as text/calendar, cancelled ones marked CANCELLED", async () => {
    const slots = await laterSlots();
    const [marie, paul] = [await verifiedMember(), await verifiedMember({ email: "paul@example.com" })];
    await book(marie, slots[0].start);
    await book(paul, slots[2].start);
    const [kept] = await bookingsOf(marie.memberId);
    const [gone] = await bookingsOf(paul.memberId);
    const token = await tokenOfClaire();
    await postAgenda(token, { intent: "cancel", booking: gone.id, reason: "" });

    const answer = await answerOf(
      await callWith(feedLoader, buildRequest(`/coach/agenda/${token}/sessions.ics`), { params: { token } }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const ics = await answer.text();
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    for (const zone of calendar.getAllSubcomponents("vtimezone"))
      ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    const events = calendar.getAllSubcomponents("vevent").map((component) => ({
      event: new ICAL.Event(component),
      status: component.getFirstPropertyValue("status"),
    }));
    const byUid = new Map(events.map((entry) => [entry.event.uid, entry]));
    expect(byUid.get(`${kept.id}@cap`)?.status).toBe("CONFIRMED");
    expect(byUid.get(`${kept.id}@cap`)?.event.startDate.toJSDate()).toEqual(slots[0].start);
    expect(byUid.get(`${kept.id}@cap`)?.event.summary).toContain("Marie Curie");
    expect(byUid.get(`${kept.id}@cap`)?.event.location).toBe(kept.meetingUrl);
    expect(byUid.get(`${gone.id}@cap`)?.status).toBe("CANCELLED");
  });
});
