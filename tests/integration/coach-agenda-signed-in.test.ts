import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agendaPath } from "~/.server/coaching/agenda/agenda-link.server";
import { coachOf, freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import { db } from "~/.server/db/client.server";
import { auditEvents, coachingBookings } from "~/.server/db/schema.server";
import { action as agendaAction, loader as agendaLoader } from "~/routes/_default.coach.agenda/route";
import { action as moveAction, loader as moveLoader } from "~/routes/_default.coach.agenda_.sessions.$id.move/route";
import {
  action as linkMoveAction,
  loader as linkMoveLoader,
} from "~/routes/_home.coach.agenda.$token_.sessions.$id.move/route";
import { loader as renewedLoader } from "~/routes/_home.coach.link-renewed";
import { action as coachAction } from "~/routes/_default.coaching.$coach_slug/route";
import { languageCookiePair, mailsTo, type TestMember, verifiedMember } from "../support/accounts";
import { bookClaireAt, claire, CLAIRE_EMAIL, claireSlots, coachMember, postOnSession } from "../support/coaches";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";

const DAY = 24 * 60 * 60 * 1000;

const lng = languageCookiePair;
const laterSlots = () => claireSlots();

/** The member books `start` with Claire through the booking page, in New York's zone. */
async function book(member: TestMember, start: Date) {
  const answer = await bookClaireAt(member, start, { tz: "America/New_York", lang: "fr" });
  expect(statusOf(answer)).toBe(303);
  const [booking] = await db().select().from(coachingBookings).where(eq(coachingBookings.memberId, member.memberId));
  return booking;
}

async function rowOf(id: string) {
  const [row] = await db().select().from(coachingBookings).where(eq(coachingBookings.id, id));
  return row;
}

const as = async (who: TestMember, path: string, form?: Record<string, string>) =>
  buildRequest(path, { form, cookie: `${who.cookie}; ${await lng("fr")}` });

const openAgenda = async (who: TestMember, query = "") =>
  callWith(agendaLoader, await as(who, `/coach/agenda${query}`));
const postAgenda = async (who: TestMember, form: Record<string, string>) =>
  callWith(agendaAction, await as(who, "/coach/agenda", form));
const openMove = async (who: TestMember, id: string, query = "") =>
  callWith(moveLoader, await as(who, `/coach/agenda/sessions/${id}/move${query}`), { params: { id } });
const postMove = async (who: TestMember, id: string, form: Record<string, string>) =>
  callWith(moveAction, await as(who, `/coach/agenda/sessions/${id}/move`, form), { params: { id } });

function calendarOf(ics: string) {
  const component = new ICAL.Component(ICAL.parse(ics));
  for (const zone of component.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const vevent = component.getFirstSubcomponent("vevent")!;
  return { method: component.getFirstPropertyValue("method"), event: new ICAL.Event(vevent) };
}

type Agenda = {
  title: string;
  base: string;
  upcoming: { sessions: { id: string; memberName: string; changeable: boolean }[] };
  past: { sessions: { id: string; status: string }[] };
  feedUrl: string;
  notice: string | null;
};
type MovePage = {
  move: {
    session: { id: string; memberName: string };
    days: { day: string; slots: { start: string; time: string }[] }[];
    week: { from: string; previous: string | null; next: string | null };
  };
};

describe("the signed-in coach's agenda (/coach/agenda)", () => {
  it("shows the coach their own sessions only, with the feed of their private link", async () => {
    const coach = await coachMember({ email: CLAIRE_EMAIL });
    const member = await verifiedMember({ email: "marie@example.com" });
    const slots = await laterSlots();
    const booking = await book(member, slots[0].start);
    // A session with another coach (Julien) is none of Claire's business.
    const other = await verifiedMember({ email: "paul@example.com" });
    const julien = (await coachOf("julien-bernard"))!;
    const [julienSlot] = await freeSlotsOf(julien, new Date(Date.now() + 3 * DAY), new Date(Date.now() + 20 * DAY));
    await callWith(
      coachAction,
      buildRequest("/coaching/julien-bernard", {
        form: { start: julienSlot.start.toISOString(), tz: "Europe/Paris" },
        cookie: other.cookie,
      }),
      { params: { coach_slug: "julien-bernard" } },
    );

    const page = await dataOf<Agenda>(await openAgenda(coach));
    expect(page.title).toBe("Mon agenda");
    expect(page.base).toBe("/coach/agenda");
    expect(page.upcoming.sessions).toEqual([
      expect.objectContaining({ id: booking.id, memberName: "Marie Curie", changeable: true }),
    ]);
    expect(page.past.sessions).toEqual([]);
    expect(page.feedUrl).toContain(`${agendaPath(await claire())}/sessions.ics`);
    // Bounded page numbers: nonsense is the first page.
    expect(statusOf(await openAgenda(coach, "?page=99999999999&past=-3"))).toBe(200);

    // The move page lists Claire's free times of the week, the session's own time left out.
    const move = await dataOf<MovePage>(await openMove(coach, booking.id));
    expect(move.move.session).toMatchObject({ id: booking.id, memberName: "Marie Curie" });
    const offered = move.move.days.flatMap((day) => day.slots.map((slot) => slot.start));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain(booking.startsAt.toISOString());
    // A week out of bounds is this week; the next week's link is there.
    const bounded = await dataOf<MovePage>(await openMove(coach, booking.id, "?from=9999-99-99"));
    expect(bounded.move.week.previous).toBeNull();
    expect(bounded.move.week.next).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const far = await dataOf<MovePage>(await openMove(coach, booking.id, "?from=2999-01-01"));
    expect(far.move.week.from).toBe(bounded.move.week.from);
  });

  it("cancels with a reason the member receives, audited under the coach's name", async () => {
    const coach = await coachMember({ email: CLAIRE_EMAIL });
    const member = await verifiedMember({ email: "marie@example.com" });
    const [slot] = await laterSlots();
    const booking = await book(member, slot.start);
    const answer = await postAgenda(coach, { intent: "cancel", booking: booking.id, reason: "Je suis malade." });
    expect(headerOf(answer, "Location")).toBe("/coach/agenda?cancelled#upcoming");
    expect(await rowOf(booking.id)).toMatchObject({ status: "cancelled", cancelledBy: "coach" });
    const news = (await mailsTo(member.email)).find((m) => /annulée/.test(m.subject))!;
    expect(news.text).toContain("Son message : « Je suis malade. »");
    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.action, "coach.session.cancelled"));
    expect(entry).toMatchObject({ actorId: coach.memberId, subjectId: member.memberId });
    // Time off and the link's renewal work from here too, stay on /coach/agenda, and time off is audited.
    const day = new Date(Date.now() + 200 * DAY).toISOString().slice(0, 10);
    const added = await postAgenda(coach, { intent: "timeOff", firstDay: day, reason: "Congés" });
    expect(headerOf(added, "Location")).toBe("/coach/agenda?timeOff=0#time-off");
    const [off] = (await dataOf<{ timeOff: { id: string }[] }>(await openAgenda(coach))).timeOff;
    const removed = await postAgenda(coach, { intent: "removeTimeOff", id: off.id });
    expect(headerOf(removed, "Location")).toBe("/coach/agenda?removed#time-off");
    const timeOffLog = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorId, coach.memberId))
      .orderBy(auditEvents.id);
    expect(timeOffLog.slice(1)).toEqual([
      expect.objectContaining({
        action: "coach.timeOff.added",
        subjectId: coach.memberId,
        after: { firstDay: day, lastDay: day, reason: "Congés" },
      }),
      expect.objectContaining({
        action: "coach.timeOff.removed",
        before: { firstDay: day, lastDay: day, reason: "Congés" },
      }),
    ]);
    const renewed = await postAgenda(coach, { intent: "renew" });
    expect(headerOf(renewed, "Location")).toBe("/coach/agenda?renewed#feed");
    expect((await dataOf<Agenda>(await openAgenda(coach, "?renewed"))).notice).toBe("renewed");
  });

  it("moves a session: new time, the member's updated invitation (same UID, SEQUENCE + 1), old time free, reminders re-planned, audited", async () => {
    const coach = await coachMember({ email: CLAIRE_EMAIL });
    const member = await verifiedMember({ email: "marie@example.com" });
    const slots = await laterSlots();
    const booking = await book(member, slots[0].start);
    const target = slots[4];

    const moved = await postMove(coach, booking.id, { start: target.start.toISOString() });
    expect(headerOf(moved, "Location")).toBe("/coach/agenda?moved#upcoming");
    const row = await rowOf(booking.id);
    expect(row).toMatchObject({
      startsAt: target.start,
      sequence: 1,
      status: "confirmed",
      timeZone: "America/New_York",
    });

    const free = await laterSlots();
    expect(free.some((s) => s.start.getTime() === slots[0].start.getTime())).toBe(true);
    expect(free.some((s) => s.start.getTime() === target.start.getTime())).toBe(false);

    const mails = await mailsTo(member.email);
    const news = mails.find((m) => m.subject.startsWith("Séance découverte déplacée"))!;
    expect(news.text).toContain("Claire Moreau a dû déplacer votre séance découverte");
    expect(news.text).toContain("Ancien horaire");
    expect(news.text).toMatch(/Jusqu’au .+, vous pouvez refuser en annulant la séance/);
    const invite = calendarOf(news.attachments[0].content);
    expect(invite.method).toBe("REQUEST");
    expect(invite.event.uid).toBe(`${booking.id}@cap`);
    expect(invite.event.sequence).toBe(1);
    expect(invite.event.startDate.toJSDate()).toEqual(target.start);
    const reminders = mails.filter((m) => m.subject.startsWith("Rappel"));
    expect(reminders.map((m) => m.nextAttemptAt)).toEqual([new Date(target.start.getTime() - DAY)]);
    const coachNews = (await mailsTo(CLAIRE_EMAIL)).find((m) => m.subject.startsWith("Séance découverte déplacée"))!;
    expect(coachNews.text).toContain("Vous avez déplacé votre séance découverte avec Marie Curie");

    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.action, "coach.session.moved"));
    expect(entry).toMatchObject({
      actorId: coach.memberId,
      subjectId: member.memberId,
      before: { start: slots[0].start.toISOString(), status: "confirmed" },
      after: { start: target.start.toISOString(), status: "confirmed" },
    });

    // The member refuses by cancelling, on their own session page: it works after the move.
    const cancelled = await postOnSession(member, booking.id, { intent: "cancel" });
    expect(headerOf(cancelled, "Location")).toBe(`/coaching/sessions/${booking.id}?cancelled`);
    expect(await rowOf(booking.id)).toMatchObject({ status: "cancelled", cancelledBy: "member", sequence: 2 });
    expect((await laterSlots()).some((s) => s.start.getTime() === target.start.getTime())).toBe(true);
  });

  it("refuses a taken, outside-hours, too-soon or malformed time with a translated message, changing nothing", async () => {
    const coach = await coachMember({ email: CLAIRE_EMAIL });
    const marie = await verifiedMember({ email: "marie@example.com" });
    const paul = await verifiedMember({ email: "paul@example.com" });
    const slots = await laterSlots();
    const booking = await book(marie, slots[0].start);
    await book(paul, slots[2].start);
    const before = await rowOf(booking.id);
    const mailsBefore = (await mailsTo(marie.email)).length;

    const outside = new Date(slots[0].start);
    outside.setUTCHours(2, 0, 0, 0); // 03:00 or 04:00 in Paris: outside Claire's hours.
    const soon = new Date(Date.now() + 60 * 60_000);
    for (const start of [slots[2].start, outside, soon, new Date(slots[0].start.getTime() + 7 * 60_000)]) {
      const answer = await postMove(coach, booking.id, { start: start.toISOString() });
      expect(statusOf(answer)).toBe(409);
      expect(await dataOf(answer)).toMatchObject({ error: { start: ["agenda.errors.slotUnavailable"] } });
    }
    for (const start of ["tomorrow", "", "x".repeat(5000)]) {
      const answer = await postMove(coach, booking.id, { start });
      expect(statusOf(answer)).toBe(400);
      expect(await dataOf(answer)).toMatchObject({ error: { start: ["coaching:errors.startInvalid"] } });
    }
    expect(await rowOf(booking.id)).toEqual(before);
    expect((await mailsTo(marie.email)).length).toBe(mailsBefore);
    expect(await db().select().from(auditEvents).where(eq(auditEvents.action, "coach.session.moved"))).toEqual([]);

    // A session no longer changeable (cancelled): the page says so, a move is refused with 409.
    await postAgenda(coach, { intent: "cancel", booking: booking.id });
    const refused = await postMove(coach, booking.id, { start: slots[5].start.toISOString() });
    expect(statusOf(refused)).toBe(409);
    expect(await dataOf(refused)).toMatchObject({ error: { "": ["errors.notChangeable"] } });
  });

  it("answers 404 to another coach for Claire's session (page and post), changing nothing", async () => {
    await coachMember({ email: CLAIRE_EMAIL });
    const julien = await coachMember({ email: "julien.bernard@coachs.cap.example" });
    expect(julien.coach.slug).not.toBe("claire-moreau");
    const member = await verifiedMember({ email: "marie@example.com" });
    const slots = await laterSlots();
    const booking = await book(member, slots[0].start);
    const before = await rowOf(booking.id);
    expect(statusOf(await openMove(julien, booking.id))).toBe(404);
    expect(statusOf(await postMove(julien, booking.id, { start: slots[3].start.toISOString() }))).toBe(404);
    expect(statusOf(await postAgenda(julien, { intent: "cancel", booking: booking.id }))).toBe(404);
    expect(statusOf(await openMove(julien, "not-a-uuid"))).toBe(404);
    expect(await rowOf(booking.id)).toEqual(before);
    expect((await dataOf<Agenda>(await openAgenda(julien))).upcoming.sessions).toEqual([]);
  });

  it("answers a plain member 404 on every loader and action of /coach/agenda", async () => {
    const member = await verifiedMember({ email: "marie@example.com" });
    const booking = await book(member, (await laterSlots())[0].start);
    const before = await rowOf(booking.id);
    expect(statusOf(await openAgenda(member))).toBe(404);
    expect(statusOf(await postAgenda(member, { intent: "cancel", booking: booking.id }))).toBe(404);
    expect(statusOf(await postAgenda(member, { intent: "renew" }))).toBe(404);
    expect(statusOf(await openMove(member, booking.id))).toBe(404);
    const start = (await laterSlots())[3].start.toISOString();
    expect(statusOf(await postMove(member, booking.id, { start }))).toBe(404);
    expect(await rowOf(booking.id)).toEqual(before);
    // Signed out: to the sign-in page.
    const anonymous = await callWith(agendaLoader, buildRequest("/coach/agenda"));
    expect([302, 303]).toContain(statusOf(anonymous));
  });
});

describe("the private link (coaches without an account)", () => {
  it("moves a session through /coach/agenda/{token}/sessions/{id}/move, back to the link's agenda", async () => {
    const member = await verifiedMember({ email: "marie@example.com" });
    const slots = await laterSlots();
    const booking = await book(member, slots[0].start);
    const base = agendaPath(await claire());
    const token = base.split("/").pop()!;
    const params = { token, id: booking.id };
    const page = await dataOf<MovePage & { base: string }>(
      await callWith(linkMoveLoader, buildRequest(`${base}/sessions/${booking.id}/move`, { cookie: await lng("fr") }), {
        params,
      }),
    );
    expect(page.base).toBe(base);
    const start = page.move.days[0].slots[0].start;
    const moved = await callWith(
      linkMoveAction,
      buildRequest(`${base}/sessions/${booking.id}/move`, { form: { start }, cookie: await lng("fr") }),
      { params },
    );
    expect(headerOf(moved, "Location")).toBe(`${base}?moved#upcoming`);
    expect((await rowOf(booking.id)).startsAt.toISOString()).toBe(start);
    // No account to name: the audit entry names the coach and the door.
    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.action, "coach.session.moved"));
    expect(entry.actorId).toBeNull();
    expect(entry.after).toMatchObject({ start, coach: "Claire Moreau", through: "private link" });
    const wrong = await callWith(
      linkMoveLoader,
      buildRequest(`/coach/agenda/${"x".repeat(43)}/sessions/${booking.id}/move`),
      {
        params: { token: "x".repeat(43), id: booking.id },
      },
    );
    expect(statusOf(wrong)).toBe(404);
    // The page after renewing the link has its own path now (/coach/agenda is the signed-in agenda).
    expect(statusOf(await callWith(renewedLoader, buildRequest("/coach/link-renewed")))).toBe(200);
  });
});
