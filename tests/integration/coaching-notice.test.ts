import type { ActionFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coachOf, freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import { db } from "~/.server/db/client.server";
import { coachingBookings } from "~/.server/db/schema.server";
import { action as hoursAction, loader as hoursLoader } from "~/routes/_default.coach.hours/route";
import { action as bookAction, loader as bookLoader } from "~/routes/_default.coaching.$coach_slug/route";
import { loader as sessionLoader } from "~/routes/_default.coaching.sessions.$id";
import { type TestMember, verifiedMember } from "../support/accounts";
import { CLAIRE_EMAIL, coachMember, postOnSession } from "../support/coaches";
import { endpointAt } from "../support/endpoints";
import { buildRequest, callApi, callWith, dataOf, getAs, headerOf, postAs, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";

/**
 * Issue 28 item 7: a member moves or cancels a session themselves until the coach's notice (24 h
 * unless the coach sets it, 0 to 168 h); inside it the page says why and how to reach the coach,
 * and the API answers 409 with the same words. The coach is not bound by it.
 */
const DAY = 24 * 3600_000;
const bookingGet = endpointAt("/api/bookings/:id").loader;
const bookingCancel = endpointAt("/api/bookings/:id/cancel").action!;
const bookingMove = endpointAt("/api/bookings/:id/reschedule").action!;

const api = (fn: (args: ActionFunctionArgs) => unknown, path: string, token: string, id: string, json?: unknown) =>
  callApi(fn, path, token, { json, params: { id }, lang: "en" });

/** Claire's free times three to six days ahead: inside a 168 h notice, outside a 24 h one. */
async function slotsInThreeDays() {
  const claire = await coachOf("claire-moreau");
  const from = new Date(Date.now() + 3 * DAY);
  return freeSlotsOf(claire!, from, new Date(from.getTime() + 3 * DAY));
}

/** Claire signed in, and her hours page's form as it posts (every field as the page fills it). */
async function claireSignsIn() {
  const claire = await coachMember({ email: CLAIRE_EMAIL });
  const page = await dataOf<{ values: Record<string, string | { from: string; to: string }[]> }>(
    await callWith(hoursLoader, buildRequest("/coach/hours", { cookie: claire.cookie })),
  );
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(page.values)) {
    if (typeof value === "string") form[name] = value;
    else
      value.forEach((row, index) => {
        form[`${name}[${index}].from`] = row.from;
        form[`${name}[${index}].to`] = row.to;
      });
  }
  return { claire, form };
}

/** Claire sets her notice on her hours page. */
async function setNotice(signedIn: Awaited<ReturnType<typeof claireSignsIn>>, hours: string) {
  return callWith(
    hoursAction,
    buildRequest("/coach/hours", {
      form: { ...signedIn.form, changeNoticeHours: hours },
      cookie: signedIn.claire.cookie,
    }),
  );
}

async function claireSetsNotice(hours: string) {
  const signedIn = await claireSignsIn();
  expect(statusOf(await setNotice(signedIn, hours))).toBe(303);
  return signedIn;
}

async function bookedSession(member: TestMember) {
  const [slot, , other] = await slotsInThreeDays();
  const answer = await postAs(
    bookAction,
    "/coaching/claire-moreau",
    member,
    { start: slot.start.toISOString(), tz: "Europe/Paris" },
    { coach_slug: "claire-moreau" },
  );
  expect(statusOf(answer)).toBe(303);
  const [booking] = await db().select().from(coachingBookings).where(eq(coachingBookings.memberId, member.memberId));
  return { booking, other };
}

const rowOf = async (id: string) => (await db().select().from(coachingBookings).where(eq(coachingBookings.id, id)))[0];

describe("the coach's notice to move or cancel a session", () => {
  it("is 24 h unless the coach sets it: before it, the member's page says until when they can change the session", async () => {
    const member = await verifiedMember();
    const { booking } = await bookedSession(member);
    const page = await dataOf<{
      session: { changeable: boolean };
      changeNotice: { inside: boolean; date: string; time: string };
    }>(await getAs(sessionLoader, `/coaching/sessions/${booking.id}`, member, { id: booking.id }));
    expect(page.session.changeable).toBe(true);
    // 24 h before the start, in the member's zone (Europe/Paris by default).
    const deadline = new Date(booking.startsAt.getTime() - DAY);
    expect(page.changeNotice).toEqual({
      inside: false,
      date: new Intl.DateTimeFormat("fr-FR", {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "Europe/Paris",
      }).format(deadline),
      time: new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Paris" }).format(
        deadline,
      ),
    });
    const answer = await checkedJson(
      await api(bookingGet, `/api/bookings/${booking.id}`, member.token, booking.id),
      "/api/bookings/{id}",
      "get",
    );
    expect(answer.booking).toMatchObject({ changeable: true, change_until: deadline.toISOString() });
  });

  it("is set by the coach on their hours page, 0 to 168 h; anything else is refused and nothing saved", async () => {
    const signedIn = await claireSignsIn();
    expect(signedIn.form.changeNoticeHours).toBe("24");
    const answer = await setNotice(signedIn, "169");
    expect(statusOf(answer)).toBe(400);
    const refused = await dataOf<{ error: Record<string, string[]> }>(answer);
    expect(refused.error.changeNoticeHours).toEqual(["coach:hours.errors.changeNoticeHoursRange"]);
    for (const bad of ["-1", "2.5", "abc", ""]) expect(statusOf(await setNotice(signedIn, bad)), bad).toBe(400);
    expect((await coachOf("claire-moreau"))?.changeNoticeHours).toBe(24);
    const saved = await setNotice(signedIn, "48");
    expect(headerOf(saved, "Location")).toBe("/coach/hours?saved=1");
    expect((await coachOf("claire-moreau"))?.changeNoticeHours).toBe(48);
  });

  it("inside it: the page says why and how to write to the coach, offers no change, and a posted change does nothing", async () => {
    const member = await verifiedMember();
    const { booking, other } = await bookedSession(member);
    await claireSetsNotice("168");

    const page = await dataOf<{ changeNotice: unknown; session: { changeable: boolean } }>(
      await getAs(sessionLoader, `/coaching/sessions/${booking.id}`, member, { id: booking.id }),
    );
    expect(page.changeNotice).toEqual({
      inside: true,
      hours: 168,
      coach: "Claire Moreau",
      email: CLAIRE_EMAIL,
    });

    // Cancelling (the page's form, posted from a page read before) and moving change nothing: back to the page.
    const cancel = await postOnSession(member, booking.id, { intent: "cancel" });
    expect(statusOf(cancel)).toBe(303);
    expect(headerOf(cancel, "Location")).toBe(`/coaching/sessions/${booking.id}`);
    const move = await postAs(
      bookAction,
      "/coaching/claire-moreau",
      member,
      { start: other.start.toISOString(), tz: "Europe/Paris", reschedule: booking.id },
      { coach_slug: "claire-moreau" },
    );
    expect(headerOf(move, "Location")).toBe(`/coaching/sessions/${booking.id}`);
    // The move's calendar is not offered either: the session page tells why.
    const movePage = await getAs(bookLoader, `/coaching/claire-moreau?reschedule=${booking.id}`, member, {
      coach_slug: "claire-moreau",
    });
    expect(headerOf(movePage, "Location")).toBe(`/coaching/sessions/${booking.id}`);
    expect(await rowOf(booking.id)).toMatchObject({ status: "confirmed", startsAt: booking.startsAt, sequence: 0 });
  });

  it("inside it the API answers 409 with the same words, in the caller's language; the booking says it is no longer changeable", async () => {
    const member = await verifiedMember();
    const { booking, other } = await bookedSession(member);
    await claireSetsNotice("168");
    const words =
      "Claire Moreau asks for 168 h notice: this close to the session you can no longer move or cancel it yourself. " +
      `To change it, write to Claire Moreau at ${CLAIRE_EMAIL}.`;

    const cancel = await api(bookingCancel, `/api/bookings/${booking.id}/cancel`, member.token, booking.id, {});
    expect(cancel.status).toBe(409);
    expect((await checkedJson(cancel, "/api/bookings/{id}/cancel", "post")).errors.base).toEqual([words]);
    const move = await api(bookingMove, `/api/bookings/${booking.id}/reschedule`, member.token, booking.id, {
      start: other.start.toISOString(),
      time_zone: "Europe/Paris",
    });
    expect(move.status).toBe(409);
    expect((await checkedJson(move, "/api/bookings/{id}/reschedule", "post")).errors.base).toEqual([words]);
    expect(await rowOf(booking.id)).toMatchObject({ status: "confirmed", startsAt: booking.startsAt });

    const read = await checkedJson(
      await api(bookingGet, `/api/bookings/${booking.id}`, member.token, booking.id),
      "/api/bookings/{id}",
      "get",
    );
    expect(read.booking).toMatchObject({ status: "confirmed", changeable: false });
  });

  it("does not bind the coach: they can still cancel a session inside it", async () => {
    const member = await verifiedMember();
    const { booking } = await bookedSession(member);
    const { claire } = await claireSetsNotice("168");
    const cancelByCoach = endpointAt("/api/coach/sessions/:id/cancel").action!;
    const answer = await api(cancelByCoach, `/api/coach/sessions/${booking.id}/cancel`, claire.token, booking.id, {});
    expect(answer.status).toBe(200);
    expect(await rowOf(booking.id)).toMatchObject({ status: "cancelled", cancelledBy: "coach" });
  });
});
