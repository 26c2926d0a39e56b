import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookSession } from "~/.server/coaching/booking/book.server";
import { cancelSessionOfCoach } from "~/.server/coaching/booking/cancellations.server";
import { coachOf, freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import { addTimeOff } from "~/.server/coaching/agenda/coach-time-off.server";
import type { Slot } from "~/.server/coaching/booking/slots.server";
import { db } from "~/.server/db/client.server";
import { coachingBookings, coachingEarlierTimeWaits } from "~/.server/db/schema.server";
import { EARLIER_TIME_OFFERS_PER_DAY } from "~/.server/coaching/booking/earlier-time-offers.server";
import { action as bookAction } from "~/routes/_default.coaching.$coach_slug/route";
import { loader as sessionLoader } from "~/routes/_default.coaching.sessions.$id";
import EarlierTime, {
  action as earlierAction,
  loader as earlierLoader,
} from "~/routes/_default.coaching.sessions.$id_.earlier.$token";
import { postOnSession } from "../support/coaches";
import { endpointAt } from "../support/endpoints";
import { checkedJson } from "../support/openapi";
import { linkIn, type Mail, mailsTo, renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { callApi, dataOf, getAs, headerOf, postAs, statusOf } from "../support/http";

/**
 * Issue 28 item 9: a member with a session asks to be told if an earlier time frees up with that
 * coach; the first time freed mails the waiting members (in their language and zone) a link that
 * moves their session there in one step if it is still free — the first to take it gets it, no
 * double booking.
 */
const DAY = 24 * 3600_000;
const earlierTimeApi = endpointAt("/api/bookings/:id/earlier-time").action;

const apiWait = (member: TestMember, id: string, json: unknown) =>
  callApi(earlierTimeApi, `/api/bookings/${id}/earlier-time`, member, { json, params: { id }, lang: "en" });

/** Claire's free times three to nine days ahead: outside her 24 h notice. */
async function claireSlots(): Promise<Slot[]> {
  const from = new Date(Date.now() + 3 * DAY);
  return freeSlotsOf((await coachOf("claire-moreau"))!, from, new Date(from.getTime() + 6 * DAY));
}

/** The member books `start` with Claire on her page (in French, Paris time): their session row. */
async function booked(member: TestMember, start: Date) {
  const answer = await postAs(
    bookAction,
    "/coaching/claire-moreau",
    member,
    { start: start.toISOString(), tz: "Europe/Paris" },
    { coach_slug: "claire-moreau" },
  );
  expect(statusOf(answer)).toBe(303);
  return rowOf(member);
}

/** An English-speaking member in New York books `start` with Claire. */
async function bookedInNewYork(member: TestMember, start: Date) {
  const outcome = await bookSession(
    { id: member.memberId, firstname: "Ann", lastname: "Lee", email: member.email, lang: "en" },
    { coachSlug: "claire-moreau", start, timeZone: "America/New_York", fromPath: null },
  );
  expect(outcome.ok).toBe(true);
  return rowOf(member);
}

async function rowOf(member: TestMember) {
  const [row] = await db()
    .select()
    .from(coachingBookings)
    .where(and(eq(coachingBookings.memberId, member.memberId), eq(coachingBookings.status, "confirmed")));
  return row;
}

/** The session page's form: "tell me" (or "stop telling me"). */
async function wait(member: TestMember, bookingId: string, intent = "waitEarlier") {
  const answer = await postOnSession(member, bookingId, { intent });
  expect(statusOf(answer)).toBe(303);
  return headerOf(answer, "Location");
}

function cancel(member: TestMember, bookingId: string) {
  return postOnSession(member, bookingId, { intent: "cancel" });
}

async function earlierMails(member: TestMember): Promise<Mail[]> {
  return (await mailsTo(member.email)).filter((mail) => mail.template === "earlierTime");
}

/** The mail's link, as the member follows it: its path and the route's params. */
function offerLink(mail: Mail, bookingId: string) {
  const path = linkIn(mail, `/coaching/sessions/${bookingId}/earlier/`);
  return { path, params: { id: bookingId, token: path.split("/").pop()! } };
}

type OfferPage = { state: "free" | "taken" | "expired"; offered: string; session: { date: string; time: string } };

const hhmm = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(instant);

const longDate = (locale: string, instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone }).format(
    instant,
  );

/** The day of an instant in Claire's zone, "YYYY-MM-DD". */
/** A zone's offset at an instant as the mails write it: "UTC+1", "UTC−5" (a minus sign). */
const offsetAt = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en", { timeZone, timeZoneName: "shortOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")!
    .value.replace("GMT", "UTC")
    .replace("-", "−");
const parisDay = (instant: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(instant);

const confirmedAt = async (start: Date) =>
  db()
    .select()
    .from(coachingBookings)
    .where(and(eq(coachingBookings.startsAt, start), eq(coachingBookings.status, "confirmed")));

describe("an earlier time", () => {
  it("is asked for on the session page, and stopped there; asking twice keeps one wait", async () => {
    const member = await verifiedMember();
    const [, , slot] = await claireSlots();
    const session = await booked(member, slot.start);
    const page = () =>
      getAs(sessionLoader, `/coaching/sessions/${session.id}`, member, { id: session.id }).then((answer) =>
        dataOf<{ waitingEarlier: boolean | null }>(answer),
      );
    expect((await page()).waitingEarlier).toBe(false);

    expect(await wait(member, session.id)).toBe(`/coaching/sessions/${session.id}?waiting`);
    expect(await wait(member, session.id)).toBe(`/coaching/sessions/${session.id}?waiting`);
    expect((await page()).waitingEarlier).toBe(true);
    expect(await db().select().from(coachingEarlierTimeWaits)).toHaveLength(1);

    expect(await wait(member, session.id, "stopWaitingEarlier")).toBe(`/coaching/sessions/${session.id}?stopped`);
    expect((await page()).waitingEarlier).toBe(false);

    // Another member's session: 404, and nothing saved.
    const stranger = await verifiedMember({ email: "paul@example.com" });
    const refused = await postOnSession(stranger, session.id, { intent: "waitEarlier" });
    expect(statusOf(refused)).toBe(404);
    expect(await db().select().from(coachingEarlierTimeWaits)).toEqual([]);
  });

  it("freed by a cancellation mails each waiting member with a later session, in their language and zone", async () => {
    const [first, , second, , third] = await claireSlots();
    const leaving = await verifiedMember({ email: "leo@example.com" });
    const marie = await verifiedMember({ email: "marie@example.com" });
    const ann = await verifiedMember({ email: "ann@example.com" });
    const notWaiting = await verifiedMember({ email: "nina@example.com" });
    const leavingSession = await booked(leaving, first.start);
    const marieSession = await booked(marie, second.start);
    const annSession = await bookedInNewYork(ann, third.start);
    await booked(notWaiting, (await claireSlots())[6].start);
    await wait(marie, marieSession.id);
    await wait(ann, annSession.id);

    expect(statusOf(await cancel(leaving, leavingSession.id))).toBe(303);

    const [toMarie] = await earlierMails(marie);
    expect(toMarie.lang).toBe("fr");
    const paris = `${hhmm(first.start, "Europe/Paris")}–${hhmm(first.end, "Europe/Paris")}, Paris (${offsetAt(first.start, "Europe/Paris")})`;
    expect(toMarie.subject).toContain("Un créneau plus tôt s’est libéré : ");
    expect(toMarie.subject).toContain(longDate("fr", first.start, "Europe/Paris"));
    expect(toMarie.subject).toContain(paris);
    expect(toMarie.text).toContain("Bonne nouvelle : un créneau plus tôt vient de se libérer avec Claire Moreau.");
    expect(toMarie.text).toContain(
      `Votre séance actuelle : ${longDate("fr", second.start, "Europe/Paris")}, ${hhmm(second.start, "Europe/Paris")}`,
    );
    expect(toMarie.html).toContain("Prendre ce créneau");

    const [toAnn] = await earlierMails(ann);
    expect(toAnn.lang).toBe("en");
    const newYork = `${hhmm(first.start, "America/New_York")}–${hhmm(first.end, "America/New_York")}, New York (${offsetAt(first.start, "America/New_York")})`;
    expect(toAnn.subject).toContain("An earlier time is free: ");
    expect(toAnn.subject).toContain(longDate("en", first.start, "America/New_York"));
    expect(toAnn.subject).toContain(newYork);
    expect(toAnn.text).toContain("Good news: an earlier time has just freed up with Claire Moreau.");
    expect(toAnn.html).toContain("Take this time");

    // Neither the member who left nor one who did not ask gets it.
    expect(await earlierMails(leaving)).toEqual([]);
    expect(await earlierMails(notWaiting)).toEqual([]);
  });

  it("mails a waiting session at most three offers a day, however often a time is taken and freed", async () => {
    const [first, , , , , later] = await claireSlots();
    const marie = await verifiedMember({ email: "marie.daily@example.com" });
    const marieSession = await booked(marie, later.start);
    await wait(marie, marieSession.id);
    for (let round = 0; round < EARLIER_TIME_OFFERS_PER_DAY + 2; round++) {
      const leaving = await verifiedMember({ email: `leaving.${round}@example.com` });
      const session = await booked(leaving, first.start);
      expect(statusOf(await cancel(leaving, session.id))).toBe(303);
    }
    expect(await earlierMails(marie)).toHaveLength(EARLIER_TIME_OFFERS_PER_DAY);
  });

  it("is taken in one step from the link; a second member with the same time reads it was taken, and no time is booked twice", async () => {
    const [first, , second, , third] = await claireSlots();
    const leaving = await verifiedMember({ email: "leo@example.com" });
    const marie = await verifiedMember({ email: "marie@example.com" });
    const ann = await verifiedMember({ email: "ann@example.com" });
    const leavingSession = await booked(leaving, first.start);
    const marieSession = await booked(marie, second.start);
    const annSession = await bookedInNewYork(ann, third.start);
    await wait(marie, marieSession.id);
    await wait(ann, annSession.id);
    await cancel(leaving, leavingSession.id);

    // Reading the link's page changes nothing: the time is offered, the session as it was.
    const marieLink = offerLink((await earlierMails(marie))[0], marieSession.id);
    const page = await dataOf<OfferPage>(await getAs(earlierLoader, marieLink.path, marie, marieLink.params));
    expect(page.state).toBe("free");
    expect(page.offered).toContain(hhmm(first.start, "Europe/Paris"));
    expect(page.session.date).toBe(longDate("fr", second.start, "Europe/Paris"));
    expect((await rowOf(marie)).startsAt).toEqual(second.start);
    // Without JavaScript: one plain form posting the one button.
    const html = await renderPage(EarlierTime, { path: marieLink.path, loaderData: page });
    expect(html).toMatch(/<form method="post"[^>]*>[\s\S]*name="intent" value="takeEarlier"/);
    expect(html).toContain("Déplacer ma séance à ce créneau");

    // Another member's link, or a forged one: 404, for the page and its button.
    expect(statusOf(await getAs(earlierLoader, marieLink.path, ann, marieLink.params))).toBe(404);
    expect(
      statusOf(await postAs(earlierAction, marieLink.path, ann, { intent: "takeEarlier" }, marieLink.params)),
    ).toBe(404);
    const [instant] = marieLink.params.token.split(".");
    const forged = { id: marieSession.id, token: `${instant}.${"A".repeat(43)}` };
    expect(statusOf(await getAs(earlierLoader, marieLink.path, marie, forged))).toBe(404);
    const annLink = offerLink((await earlierMails(ann))[0], annSession.id);
    const otherTime = { id: marieSession.id, token: annLink.params.token };
    expect(statusOf(await getAs(earlierLoader, marieLink.path, marie, otherTime))).toBe(404);

    // One button: Marie's session moves to the freed time, and she no longer waits.
    const taken = await postAs(earlierAction, marieLink.path, marie, { intent: "takeEarlier" }, marieLink.params);
    expect(statusOf(taken)).toBe(303);
    expect(headerOf(taken, "Location")).toBe(`/coaching/sessions/${marieSession.id}?moved`);
    expect(await rowOf(marie)).toMatchObject({ id: marieSession.id, startsAt: first.start, sequence: 1 });
    expect((await mailsTo(marie.email)).some((mail) => mail.subject.startsWith("Séance découverte déplacée"))).toBe(
      true,
    );
    expect(
      await db().select().from(coachingEarlierTimeWaits).where(eq(coachingEarlierTimeWaits.bookingId, marieSession.id)),
    ).toEqual([]);

    // Ann, with the same time: the page and the button say it was taken; her session stays.
    const annPage = await dataOf<OfferPage>(await getAs(earlierLoader, annLink.path, ann, annLink.params));
    expect(annPage.state).toBe("taken");
    const late = await postAs(earlierAction, annLink.path, ann, { intent: "takeEarlier" }, annLink.params);
    expect(statusOf(late)).toBe(409);
    expect((await dataOf<{ error: Record<string, string[]> }>(late)).error[""]).toEqual(["earlier.errors.taken"]);
    expect((await rowOf(ann)).startsAt).toEqual(third.start);
    expect(await confirmedAt(first.start)).toHaveLength(1);

    // Marie's former time freed in turn: Ann, still waiting, is offered it and takes it.
    const offers = await earlierMails(ann);
    expect(offers).toHaveLength(2);
    const secondLink = offerLink(offers[1], annSession.id);
    expect(
      statusOf(await postAs(earlierAction, secondLink.path, ann, { intent: "takeEarlier" }, secondLink.params)),
    ).toBe(303);
    expect((await rowOf(ann)).startsAt).toEqual(second.start);
    // Once moved, her links no longer work: the page says so, the button changes nothing.
    const stale = await dataOf<OfferPage>(await getAs(earlierLoader, annLink.path, ann, annLink.params));
    expect(stale.state).toBe("expired");
    const refused = await postAs(earlierAction, annLink.path, ann, { intent: "takeEarlier" }, annLink.params);
    expect(statusOf(refused)).toBe(409);
    expect((await dataOf<{ error: Record<string, string[]> }>(refused)).error[""]).toEqual(["earlier.errors.expired"]);
  });

  it("stops when the session is cancelled or the member stops it; a coach's cancellation offers the time, their time off does not", async () => {
    // Two whole days of Claire's (the first of the range may be cut short): sessions on the
    // first free up times earlier than those on the second.
    const slots = await claireSlots();
    const days = [...new Set(slots.map((slot) => parisDay(slot.start)))];
    const [early, later] = [days[1], days[2]].map((day) => slots.filter((slot) => parisDay(slot.start) === day));
    const leaving = await verifiedMember({ email: "leo@example.com" });
    const again = await verifiedMember({ email: "leo2@example.com" });
    const marie = await verifiedMember({ email: "marie@example.com" });
    const ann = await verifiedMember({ email: "ann@example.com" });
    const leavingSession = await booked(leaving, early[0].start);
    const marieSession = await booked(marie, later[0].start);
    const annSession = await booked(ann, later[2].start);
    await wait(marie, marieSession.id);
    await wait(ann, annSession.id);

    // Ann cancels her session: she no longer waits.
    expect(statusOf(await cancel(ann, annSession.id))).toBe(303);
    expect(
      await db().select().from(coachingEarlierTimeWaits).where(eq(coachingEarlierTimeWaits.bookingId, annSession.id)),
    ).toEqual([]);

    // The coach cancels a session: Marie is offered its time; Ann, cancelled, is not.
    const claire = (await coachOf("claire-moreau"))!;
    expect((await cancelSessionOfCoach(claire.id, leavingSession.id, null)).ok).toBe(true);
    expect(await earlierMails(marie)).toHaveLength(1);
    expect(await earlierMails(ann)).toEqual([]);

    // Marie stops waiting: a time freed later mails her nothing.
    await wait(marie, marieSession.id, "stopWaitingEarlier");
    const againSession = await booked(again, early[1].start);
    expect(statusOf(await cancel(again, againSession.id))).toBe(303);
    expect(await earlierMails(marie)).toHaveLength(1);

    // Waiting again: a session the coach's time off cancels leaves a time no one is offered.
    await wait(marie, marieSession.id);
    await booked(again, early[2].start);
    expect(await addTimeOff(claire, { firstDay: days[1] })).toBe(1);
    expect(await earlierMails(marie)).toHaveLength(1);
  });

  it("is asked for and stopped through the API too; another member's session is a 404, a bad body a 4xx", async () => {
    const member = await verifiedMember();
    const [, , slot] = await claireSlots();
    const session = await booked(member, slot.start);
    const path = "/api/bookings/{id}/earlier-time";
    expect(await checkedJson(await apiWait(member, session.id, { wait: true }), path, "post")).toEqual({
      waiting: true,
    });
    expect(await db().select().from(coachingEarlierTimeWaits)).toHaveLength(1);
    expect(await checkedJson(await apiWait(member, session.id, { wait: false }), path, "post")).toEqual({
      waiting: false,
    });
    expect(await db().select().from(coachingEarlierTimeWaits)).toEqual([]);

    const bad = await apiWait(member, session.id, { wait: "yes" });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect((await checkedJson(bad, path, "post")).errors.wait).toEqual([
      "Give true to be told of an earlier time, false to stop.",
    ]);

    const stranger = await verifiedMember({ email: "paul@example.com" });
    const refused = await apiWait(stranger, session.id, { wait: true });
    expect(refused.status).toBe(404);
    await checkedJson(refused, path, "post");
    expect(await db().select().from(coachingEarlierTimeWaits)).toEqual([]);
  });
});
