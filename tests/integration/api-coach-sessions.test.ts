import type { ActionFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { auditEvents, coachingBookings } from "~/.server/db/schema.server";
import { type TestMember, verifiedMember } from "../support/accounts";
import { CLAIRE_EMAIL, claireSlots, coachMember } from "../support/coaches";
import { endpointAt } from "../support/endpoints";
import { checkedJson } from "../support/openapi";
import { callApi } from "../support/http";

const sessionList = endpointAt("/api/coach/sessions").loader;
const sessionMove = endpointAt("/api/coach/sessions/:id/move").action!;
const sessionCancel = endpointAt("/api/coach/sessions/:id/cancel").action!;
const bookingCreate = endpointAt("/api/bookings").action!;
const bookingCancel = endpointAt("/api/bookings/:id/cancel").action!;

type Handler = (args: ActionFunctionArgs) => Promise<Response> | Response;
/** The API in English, as `who` (null: no token). */
const send = (fn: Handler, path: string, who: TestMember | null, options: Parameters<typeof callApi>[3] = {}) =>
  callApi(fn, path, who, { ...options, lang: "en" });

async function bookWithClaire(member: TestMember, start: Date): Promise<string> {
  const answer = await send(bookingCreate, "/api/bookings", member, {
    json: { coach: "claire-moreau", start: start.toISOString(), time_zone: "Europe/Paris" },
  });
  expect(answer.status).toBe(201);
  return (await answer.json()).booking.id;
}

const MOVE = "/api/coach/sessions/{id}/move";
const CANCEL = "/api/coach/sessions/{id}/cancel";

describe("the coach's sessions API", () => {
  it("lists the coach's sessions a page at a time, moves and cancels them, each answer as /api/openapi.json says", async () => {
    const claire = await coachMember({ email: CLAIRE_EMAIL });
    const marie = await verifiedMember({ email: "marie@example.com" });
    const paul = await verifiedMember({ email: "paul@example.com" });
    const slots = await claireSlots();
    const first = await bookWithClaire(marie, slots[0].start);
    const second = await bookWithClaire(paul, slots[2].start);

    const list = await checkedJson(
      await send(sessionList, "/api/coach/sessions?limit=1", claire),
      "/api/coach/sessions",
      "get",
    );
    expect(list).toMatchObject({ total: 2, page: 1, limit: 1, next: 2 });
    expect(list.sessions).toEqual([
      expect.objectContaining({
        id: first,
        member: { name: "Marie Curie" },
        time_zone: "Europe/Paris",
        changeable: true,
      }),
    ]);
    const page2 = await checkedJson(
      await send(sessionList, "/api/coach/sessions?limit=1&page=2", claire),
      "/api/coach/sessions",
      "get",
    );
    expect(page2.sessions.map((s: { id: string }) => s.id)).toEqual([second]);
    const past = await checkedJson(
      await send(sessionList, "/api/coach/sessions?when=past", claire),
      "/api/coach/sessions",
      "get",
    );
    expect(past).toMatchObject({ sessions: [], total: 0, next: null });
    for (const query of ["when=soon", "limit=51", "page=0", "page=abc"]) {
      const bad = await send(sessionList, `/api/coach/sessions?${query}`, claire);
      expect(bad.status, query).toBe(422);
      await checkedJson(bad, "/api/coach/sessions", "get");
    }

    // Move: to a free time; a taken one is 409 with the message under `start`; a forged one 422.
    const moved = await checkedJson(
      await send(sessionMove, `/api/coach/sessions/${first}/move`, claire, {
        json: { start: slots[5].start.toISOString() },
        params: { id: first },
      }),
      MOVE,
      "post",
    );
    expect(moved.session).toMatchObject({ id: first, start: slots[5].start.toISOString(), status: "confirmed" });
    const [row] = await db().select().from(coachingBookings).where(eq(coachingBookings.id, first));
    expect(row.sequence).toBe(1);
    const taken = await send(sessionMove, `/api/coach/sessions/${first}/move`, claire, {
      json: { start: slots[2].start.toISOString() },
      params: { id: first },
    });
    expect(taken.status).toBe(409);
    expect((await checkedJson(taken, MOVE, "post")).errors.start).toEqual([
      "This time is not free (taken, outside your hours or too soon): choose another.",
    ]);
    const forged = await send(sessionMove, `/api/coach/sessions/${first}/move`, claire, {
      json: { start: "soon" },
      params: { id: first },
    });
    expect(forged.status).toBe(422);
    await checkedJson(forged, MOVE, "post");
    expect(await db().select().from(auditEvents).where(eq(auditEvents.action, "coach.session.moved"))).toHaveLength(1);

    // The member may refuse the move by cancelling through their own API.
    const refused = await send(bookingCancel, `/api/bookings/${first}/cancel`, marie, {
      json: {},
      params: { id: first },
    });
    expect(refused.status).toBe(200);

    // Cancel with a reason (bounded), the member told.
    const long = await send(sessionCancel, `/api/coach/sessions/${second}/cancel`, claire, {
      json: { reason: "x".repeat(501) },
      params: { id: second },
    });
    expect(long.status).toBe(422);
    await checkedJson(long, CANCEL, "post");
    const cancelled = await checkedJson(
      await send(sessionCancel, `/api/coach/sessions/${second}/cancel`, claire, {
        json: { reason: "Sorry, I am ill." },
        params: { id: second },
      }),
      CANCEL,
      "post",
    );
    expect(cancelled.session).toMatchObject({
      id: second,
      status: "cancelled",
      cancelled_by: "coach",
      changeable: false,
    });
    const again = await send(sessionCancel, `/api/coach/sessions/${second}/cancel`, claire, {
      json: {},
      params: { id: second },
    });
    expect(again.status).toBe(409);
    await checkedJson(again, CANCEL, "post");
  });

  it("answers 404 to a plain member, and to another coach for Claire's session; 401 without a token", async () => {
    await coachMember({ email: CLAIRE_EMAIL });
    const julien = await coachMember({ email: "julien.bernard@coachs.cap.example" });
    const marie = await verifiedMember({ email: "marie@example.com" });
    const [slot, , other] = await claireSlots();
    const id = await bookWithClaire(marie, slot.start);
    const [before] = await db().select().from(coachingBookings).where(eq(coachingBookings.id, id));

    expect((await send(sessionList, "/api/coach/sessions", null)).status).toBe(401);
    const member404 = await send(sessionList, "/api/coach/sessions", marie);
    expect(member404.status).toBe(404);
    await checkedJson(member404, "/api/coach/sessions", "get");
    for (const who of [marie, julien]) {
      const move = await send(sessionMove, `/api/coach/sessions/${id}/move`, who, {
        json: { start: other.start.toISOString() },
        params: { id },
      });
      expect(move.status).toBe(404);
      await checkedJson(move, MOVE, "post");
      const cancel = await send(sessionCancel, `/api/coach/sessions/${id}/cancel`, who, { json: {}, params: { id } });
      expect(cancel.status).toBe(404);
      await checkedJson(cancel, CANCEL, "post");
    }
    const julienList = await checkedJson(
      await send(sessionList, "/api/coach/sessions", julien),
      "/api/coach/sessions",
      "get",
    );
    expect(julienList.sessions).toEqual([]);
    const [after] = await db().select().from(coachingBookings).where(eq(coachingBookings.id, id));
    expect(after).toEqual(before);
  });
});
