import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import {
  BOOKING_CHANGES_PER_MEMBER_PER_DAY,
  BOOKING_MAILS_PER_COACH_PER_DAY,
} from "~/.server/coaching/booking/booking-quota.server";
import { agendaPath, coachOfAgendaToken } from "~/.server/coaching/agenda/agenda-link.server";
import { coachOf, freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import {
  AGENDA_RENEWALS_PER_COACH_PER_DAY,
  AGENDA_RENEWALS_PER_IP_PER_HOUR,
} from "~/.server/coaching/agenda/coach-agenda.server";
import { db } from "~/.server/db/client.server";
import { rateLimitEvents } from "~/.server/db/schema.server";
import { mailQuotaKey } from "~/.server/rate-limit/mail-quota-key.server";
import { translator } from "~/.server/i18n/i18n.server";
import { action as coachAction } from "~/routes/_default.coaching.$coach_slug/route";
import { action as agendaAction } from "~/routes/_home.coach.agenda.$token/route";
import { mailsTo, type TestMember, verifiedMember } from "../support/accounts";
import { postOnSession } from "../support/coaches";
import { endpointAt } from "../support/endpoints";
import { answerOf, buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";

/**
 * Issue 25 item 3: booking, moving and cancelling a session mail the member and the coach; a
 * member booking and cancelling in a loop must not flood the coach's inbox.
 */
const DAY = 24 * 60 * 60 * 1000;
const claireEmail = "claire.moreau@coachs.cap.example";
type Reply = { error?: Record<string, string[] | null> };

async function laterSlots(slug: string) {
  const coach = await coachOf(slug);
  if (!coach) throw new Error(`${slug} is not seeded`);
  const from = new Date(Date.now() + 3 * DAY);
  return freeSlotsOf(coach, from, new Date(from.getTime() + 14 * DAY));
}

function book(member: TestMember, slug: string, start: Date, extra: Record<string, string> = {}) {
  return callWith(
    coachAction,
    buildRequest(`/coaching/${slug}`, {
      form: { start: start.toISOString(), tz: "Europe/Paris", ...extra },
      cookie: member.cookie,
    }),
    { params: { coach_slug: slug } },
  );
}

function cancel(member: TestMember, id: string) {
  return postOnSession(member, id, { intent: "cancel" });
}

const bookedId = (answer: unknown) => headerOf(answer, "Location")!.split("?")[0].split("/").pop()!;

/** The quota's slots already spent today, as earlier changes would have left them. */
async function spent(bucket: string, key: string, n: number) {
  await db()
    .insert(rateLimitEvents)
    .values(Array.from({ length: n }, () => ({ bucket, key })));
}

type Handler = (args: ActionFunctionArgs) => Promise<Response> | Response;
function api(fn: Handler, path: string, member: TestMember, json?: unknown, params: Record<string, string> = {}) {
  const request = buildRequest(path, {
    json,
    method: "POST",
    headers: { Authorization: `Bearer ${member.token}`, "Accept-Language": "en" },
  });
  return answerOf(fn({ request, params, context: {} }));
}

describe("booking changes are bounded per member and per coach address", () => {
  it(`a member booking and cancelling in a loop is refused after ${BOOKING_CHANGES_PER_MEMBER_PER_DAY} changes a day, yet can still cancel`, async () => {
    const member = await verifiedMember();
    const [kept] = await laterSlots("sarah-collins");
    const keptBooking = await book(member, "sarah-collins", kept.start);
    expect(statusOf(keptBooking)).toBe(303);
    const [slot] = await laterSlots("claire-moreau");
    const statuses: number[] = [];
    let refused: unknown = null;
    for (let i = 0; i < 15; i += 1) {
      const booked = await book(member, "claire-moreau", slot.start);
      statuses.push(statusOf(booked));
      if (statusOf(booked) !== 303) {
        refused = booked;
        continue;
      }
      expect(statusOf(await cancel(member, bookedId(booked)))).toBe(303);
    }
    // 1 booking with Sarah, then 10 bookings and 10 cancellations with Claire: 21 changes, the
    // last a cancellation (counted, never refused); the 11th booking is refused.
    expect(statuses.filter((status) => status === 303)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
    expect((await dataOf<Reply>(refused)).error?.[""]).toEqual(["errors.tooManyChanges"]);
    expect((await translator("fr", "coaching"))("errors.tooManyChanges")).toMatch(/demain/);
    // Claire got a confirmation and a cancellation for each accepted booking, nothing more.
    expect(await mailsTo(claireEmail)).toHaveLength(20);
    // Over the quota, the member still frees Sarah's time.
    expect(statusOf(await cancel(member, bookedId(keptBooking)))).toBe(303);
    // Another member is not concerned.
    const other = await verifiedMember({ email: "paul@example.com" });
    expect(statusOf(await book(other, "claire-moreau", slot.start))).toBe(303);
  });

  it(`a coach's address gets at most ${BOOKING_MAILS_PER_COACH_PER_DAY} mails from members' changes a day, yet a member's first change with the coach goes through`, async () => {
    await spent("booking-mail-coach", mailQuotaKey(claireEmail), BOOKING_MAILS_PER_COACH_PER_DAY - 1);
    const [first, second, third] = await laterSlots("claire-moreau");
    const ana = await verifiedMember({ email: "ana@example.com" });
    const paul = await verifiedMember({ email: "paul@example.com" });
    // The 60th mail of the day, then a first change of the day over it: neither member is kept out.
    const anas = await book(ana, "claire-moreau", first.start);
    expect(statusOf(anas)).toBe(303);
    const pauls = await book(paul, "claire-moreau", second.start);
    expect(statusOf(pauls)).toBe(303);
    // A second change with the coach that day is refused: her inbox has had its day's.
    const refused = await book(ana, "claire-moreau", third.start, { reschedule: bookedId(anas) });
    expect(statusOf(refused)).toBe(429);
    expect((await dataOf<Reply>(refused)).error?.[""]).toEqual(["errors.coachTooManyChanges"]);
    expect((await translator("en", "coaching"))("errors.coachTooManyChanges")).toMatch(/coach/);
    // Cancelling still goes through, and another coach takes bookings as before.
    expect(statusOf(await cancel(paul, bookedId(pauls)))).toBe(303);
    const [sarahs] = await laterSlots("sarah-collins");
    expect(statusOf(await book(paul, "sarah-collins", sarahs.start))).toBe(303);
  });

  it("the API refuses a booking and a move over the quota with 429 and Retry-After, and still cancels", async () => {
    const member = await verifiedMember();
    const [first, second] = await laterSlots("claire-moreau");
    const created = await api(endpointAt("/api/bookings").action, "/api/bookings", member, {
      coach: "claire-moreau",
      start: first.start,
      time_zone: "Europe/Paris",
    });
    expect(created.status).toBe(201);
    const { booking } = await checkedJson(created, "/api/bookings", "post");
    await spent("booking-change-member", member.memberId, BOOKING_CHANGES_PER_MEMBER_PER_DAY);

    const params = { id: booking.id };
    const moved = await api(
      endpointAt("/api/bookings/:id/reschedule").action,
      `/api/bookings/${booking.id}/reschedule`,
      member,
      { start: second.start, time_zone: "Europe/Paris" },
      params,
    );
    expect(moved.status).toBe(429);
    expect(Number(moved.headers.get("Retry-After"))).toBeGreaterThan(0);
    const { errors } = await checkedJson(moved, "/api/bookings/{id}/reschedule", "post");
    expect(errors.base[0]).toMatch(/tomorrow/);

    const [sarahs] = await laterSlots("sarah-collins");
    const another = await api(endpointAt("/api/bookings").action, "/api/bookings", member, {
      coach: "sarah-collins",
      start: sarahs.start,
      time_zone: "Europe/Paris",
    });
    expect(another.status).toBe(429);

    const cancelled = await api(
      endpointAt("/api/bookings/:id/cancel").action,
      `/api/bookings/${booking.id}/cancel`,
      member,
      undefined,
      params,
    );
    expect(cancelled.status).toBe(200);
  });
});

describe("agenda link renewals are bounded per coach address and per client address", () => {
  async function claireToken() {
    const coach = await coachOf("claire-moreau");
    return agendaPath(coach!).split("/").pop()!;
  }

  function renew(token: string, ip: string) {
    return callWith(agendaAction, buildRequest(`/coach/agenda/${token}`, { form: { intent: "renew" } }), {
      params: { token },
      context: { clientIp: ip },
    });
  }

  const renewalMails = async () =>
    (await mailsTo(claireEmail)).filter((mail) => mail.subject === "Votre nouveau lien d’agenda Cap");

  it(`mails a coach at most ${AGENDA_RENEWALS_PER_COACH_PER_DAY} new links a day; the next renewal is refused and the last link keeps working`, async () => {
    const answers = [];
    for (let i = 0; i < AGENDA_RENEWALS_PER_COACH_PER_DAY + 2; i += 1)
      answers.push(await renew(await claireToken(), `192.0.2.${i + 1}`));
    expect(answers.map(statusOf)).toEqual([...Array(AGENDA_RENEWALS_PER_COACH_PER_DAY).fill(303), 429, 429]);
    expect(await renewalMails()).toHaveLength(AGENDA_RENEWALS_PER_COACH_PER_DAY);
    expect((await dataOf<Reply>(answers[AGENDA_RENEWALS_PER_COACH_PER_DAY])).error?.[""]).toEqual([
      "agenda.errors.tooManyRenewals",
    ]);
    const token = await claireToken();
    expect((await renewalMails()).at(-1)!.text).toContain(`/coach/agenda/${token}`);
    expect((await coachOfAgendaToken(token))?.slug).toBe("claire-moreau");
  });

  it(`renews at most ${AGENDA_RENEWALS_PER_IP_PER_HOUR} links an hour from one client address`, async () => {
    await spent("agenda-renewal-ip", "198.51.100.9", AGENDA_RENEWALS_PER_IP_PER_HOUR);
    const token = await claireToken();
    expect(statusOf(await renew(token, "198.51.100.9"))).toBe(429);
    expect(await claireToken()).toBe(token);
    expect(await renewalMails()).toHaveLength(0);
    expect(statusOf(await renew(token, "198.51.100.10"))).toBe(303);
    expect(await renewalMails()).toHaveLength(1);
  });
});
