import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agendaPath } from "~/.server/coaching/agenda/agenda-link.server";
import { coachOf } from "~/.server/coaching/booking/free-times.server";
import { db } from "~/.server/db/client.server";
import { coachingBookings } from "~/.server/db/schema.server";
import { action as agendaAction, loader as agendaLoader } from "~/routes/_default.coach.agenda/route";
import { action as linkAction } from "~/routes/_home.coach.agenda.$token/route";
import { loader as coachingLoader } from "~/routes/_default.coaching._index";
import { loader as sessionLoader } from "~/routes/_default.coaching.sessions.$id";
import { languageCookiePair, type TestMember, verifiedMember } from "../support/accounts";
import { bookClaireAt, CLAIRE_EMAIL, claireSlots, coachMember } from "../support/coaches";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";

/**
 * Issue 28 item 8: once a session has started (not before), its coach marks it attended or
 * missed from their agenda, signed in or through the private link; the member sees the mark in
 * their past sessions. Another coach, a plain member, a cancelled session: refused, nothing stored.
 */
const DAY = 24 * 3600_000;

const lng = () => languageCookiePair("fr");

async function book(member: TestMember) {
  const [slot] = await claireSlots(7);
  const answer = await bookClaireAt(member, slot.start);
  expect(statusOf(answer)).toBe(303);
  const [booking] = await db().select().from(coachingBookings).where(eq(coachingBookings.memberId, member.memberId));
  return booking;
}

/** Time passes: the session took place yesterday (its length and buffer kept). */
async function yesterday(booking: typeof coachingBookings.$inferSelect) {
  const shift = booking.startsAt.getTime() - (Date.now() - DAY);
  await db()
    .update(coachingBookings)
    .set({
      startsAt: new Date(booking.startsAt.getTime() - shift),
      endsAt: new Date(booking.endsAt.getTime() - shift),
      blockedUntil: new Date(booking.blockedUntil.getTime() - shift),
    })
    .where(eq(coachingBookings.id, booking.id));
}

const rowOf = async (id: string) => (await db().select().from(coachingBookings).where(eq(coachingBookings.id, id)))[0];

const postAgenda = async (who: TestMember, form: Record<string, string>) =>
  callWith(agendaAction, buildRequest("/coach/agenda", { form, cookie: `${who.cookie}; ${await lng()}` }));

type AgendaSession = { id: string; attendable: boolean; attendance: string | null };
type Agenda = { upcoming: { sessions: AgendaSession[] }; past: { sessions: AgendaSession[] } };

describe("attendance of a session", () => {
  it("cannot be marked before the session starts: the agenda offers no mark, a forged post is refused", async () => {
    const member = await verifiedMember();
    const booking = await book(member);
    const claire = await coachMember({ email: CLAIRE_EMAIL });
    const agenda = await dataOf<Agenda>(
      await callWith(agendaLoader, buildRequest("/coach/agenda", { cookie: `${claire.cookie}; ${await lng()}` })),
    );
    expect(agenda.upcoming.sessions).toEqual([expect.objectContaining({ id: booking.id, attendable: false })]);
    const early = await postAgenda(claire, { intent: "attendance", booking: booking.id, attendance: "attended" });
    expect(statusOf(early)).toBe(409);
    expect((await dataOf<{ error: Record<string, string[]> }>(early)).error[""]).toEqual(["errors.attendanceTooEarly"]);
    expect((await rowOf(booking.id)).attendance).toBeNull();
  });

  it("is marked by the signed-in coach after the start, corrected, and shown to the member in their past sessions", async () => {
    const member = await verifiedMember();
    const booking = await book(member);
    await yesterday(booking);
    const claire = await coachMember({ email: CLAIRE_EMAIL });
    const agenda = await dataOf<Agenda>(
      await callWith(agendaLoader, buildRequest("/coach/agenda", { cookie: `${claire.cookie}; ${await lng()}` })),
    );
    expect(agenda.past.sessions).toEqual([
      expect.objectContaining({ id: booking.id, attendable: true, attendance: null }),
    ]);

    const marked = await postAgenda(claire, { intent: "attendance", booking: booking.id, attendance: "attended" });
    expect(headerOf(marked, "Location")).toBe("/coach/agenda?marked#past");
    expect(await rowOf(booking.id)).toMatchObject({ attendance: "attended", attendanceMarkedAt: expect.any(Date) });

    const mine = await dataOf<{ past: { id: string; attendance: string | null }[] }>(
      await callWith(coachingLoader, buildRequest("/coaching", { cookie: member.cookie })),
    );
    expect(mine.past).toEqual([expect.objectContaining({ id: booking.id, attendance: "attended" })]);

    // A mistake corrected: the member now sees the session as missed.
    await postAgenda(claire, { intent: "attendance", booking: booking.id, attendance: "missed" });
    const page = await dataOf<{ session: { attendance: string | null } }>(
      await callWith(sessionLoader, buildRequest(`/coaching/sessions/${booking.id}`, { cookie: member.cookie }), {
        params: { id: booking.id },
      }),
    );
    expect(page.session.attendance).toBe("missed");
  });

  it("is marked through the coach's private agenda link", async () => {
    const member = await verifiedMember();
    const booking = await book(member);
    await yesterday(booking);
    const token = agendaPath((await coachOf("claire-moreau"))!)
      .split("/")
      .pop()!;
    const answer = await callWith(
      linkAction,
      buildRequest(`/coach/agenda/${token}`, {
        form: { intent: "attendance", booking: booking.id, attendance: "missed" },
        cookie: await lng(),
      }),
      { params: { token } },
    );
    expect(headerOf(answer, "Location")).toBe(`/coach/agenda/${token}?marked#past`);
    expect((await rowOf(booking.id)).attendance).toBe("missed");
  });

  it("refuses another coach, a plain member, a bad mark and a cancelled session, storing nothing", async () => {
    const member = await verifiedMember();
    const booking = await book(member);
    await yesterday(booking);
    const julien = await coachMember({ email: "julien@example.com" });
    const form = { intent: "attendance", booking: booking.id, attendance: "attended" };
    expect(statusOf(await postAgenda(julien, form))).toBe(404);
    expect(statusOf(await postAgenda(member, form))).toBe(404);
    const claire = await coachMember({ email: CLAIRE_EMAIL });
    for (const bad of ["present", "", "x".repeat(5000)])
      expect(statusOf(await postAgenda(claire, { ...form, attendance: bad })), bad).toBe(400);
    expect(statusOf(await postAgenda(claire, { ...form, booking: "not-a-uuid" }))).toBe(400);
    expect((await rowOf(booking.id)).attendance).toBeNull();

    await db().update(coachingBookings).set({ status: "cancelled" }).where(eq(coachingBookings.id, booking.id));
    expect(statusOf(await postAgenda(claire, form))).toBe(409);
    expect((await rowOf(booking.id)).attendance).toBeNull();
  });
});
