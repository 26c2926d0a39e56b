import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { verifiedMember } from "../support/accounts";
import { checkedJson } from "../support/openapi";
import { endpointAt } from "../support/endpoints";
import { callApi } from "../support/http";

const coachList = endpointAt("/api/coaches").loader;
const slotList = endpointAt("/api/coaches/:coach_slug/slots").loader;
const bookingList = endpointAt("/api/bookings").loader;
const bookingCreate = endpointAt("/api/bookings").action;
const bookingGet = endpointAt("/api/bookings/:id").loader;
const bookingCancel = endpointAt("/api/bookings/:id/cancel").action;
const bookingMove = endpointAt("/api/bookings/:id/reschedule").action;

type Handler = (args: ActionFunctionArgs) => Promise<Response> | Response;

/** The API in English, with `token` (null: none). */
const send = (fn: Handler, path: string, token: string | null, options: Parameters<typeof callApi>[3] = {}) =>
  callApi(fn, path, token, { ...options, lang: "en" });

describe("coaching API", () => {
  it("lists coaches and free slots, books, moves and cancels a session, each answer as /api/openapi.json says", async () => {
    const member = await verifiedMember();
    expect((await send(coachList, "/api/coaches", null)).status).toBe(401);
    const { coaches } = await checkedJson(await send(coachList, "/api/coaches", member.token), "/api/coaches", "get");
    expect(coaches.map((c: { slug: string }) => c.slug)).toEqual(["claire-moreau", "julien-bernard", "sarah-collins"]);
    expect(coaches[0]).toMatchObject({ time_zone: "Europe/Paris", session_minutes: 45, buffer_minutes: 15 });

    const from = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const slotsPath = `/api/coaches/claire-moreau/slots?tz=America/New_York&from=${from}`;
    const slots = await checkedJson(
      await send(slotList, slotsPath, member.token, { params: { coach_slug: "claire-moreau" } }),
      "/api/coaches/{coach_slug}/slots",
      "get",
    );
    expect(slots.time_zone).toBe("America/New_York");
    const [first, , third] = slots.slots;
    expect(first.time).toMatch(/^\d\d:\d\d$/);
    const badZone = await send(slotList, "/api/coaches/claire-moreau/slots?tz=Nowhere", member.token, {
      params: { coach_slug: "claire-moreau" },
    });
    expect(badZone.status).toBe(422);
    expect((await checkedJson(badZone, "/api/coaches/{coach_slug}/slots", "get")).errors.tz).toEqual([
      "Choose a time zone from the list.",
    ]);
    const noCoach = await send(slotList, "/api/coaches/nobody/slots", member.token, {
      params: { coach_slug: "nobody" },
    });
    expect(noCoach.status).toBe(404);

    const body = { coach: "claire-moreau", start: first.start, time_zone: "America/New_York" };
    const created = await send(bookingCreate, "/api/bookings", member.token, { json: body });
    expect(created.status).toBe(201);
    const { booking } = await checkedJson(created, "/api/bookings", "post");
    expect(booking).toMatchObject({
      status: "confirmed",
      start: first.start,
      time_zone: "America/New_York",
      changeable: true,
    });
    expect(booking.meeting_url).toMatch(/^https:\/\//);

    const other = await verifiedMember({ email: "paul@example.com" });
    const taken = await send(bookingCreate, "/api/bookings", other.token, { json: body });
    expect(taken.status).toBe(409);
    expect((await checkedJson(taken, "/api/bookings", "post")).errors.base).toEqual([
      "This time has just been booked or is no longer free. Choose another one.",
    ]);
    const invalid = await send(bookingCreate, "/api/bookings", member.token, {
      json: { coach: "claire-moreau", start: "tomorrow", time_zone: "Europe/Paris" },
    });
    expect(invalid.status).toBe(422);
    expect((await checkedJson(invalid, "/api/bookings", "post")).errors.start).toEqual([
      "Choose a time among the free ones.",
    ]);

    const params = { id: booking.id };
    expect((await send(bookingGet, `/api/bookings/${booking.id}`, other.token, { params })).status).toBe(404);
    const moved = await send(bookingMove, `/api/bookings/${booking.id}/reschedule`, member.token, {
      params,
      json: { start: third.start, time_zone: "Europe/Paris" },
    });
    expect((await checkedJson(moved, "/api/bookings/{id}/reschedule", "post")).booking).toMatchObject({
      start: third.start,
      time_zone: "Europe/Paris",
    });

    const cancelled = await send(bookingCancel, `/api/bookings/${booking.id}/cancel`, member.token, {
      params,
      method: "POST",
    });
    expect((await checkedJson(cancelled, "/api/bookings/{id}/cancel", "post")).booking).toMatchObject({
      status: "cancelled",
      meeting_url: null,
      changeable: false,
      cancelled_by: "member",
    });
    const twice = await send(bookingCancel, `/api/bookings/${booking.id}/cancel`, member.token, {
      params,
      method: "POST",
    });
    expect(twice.status).toBe(409);
    await checkedJson(twice, "/api/bookings/{id}/cancel", "post");

    const list = await checkedJson(await send(bookingList, "/api/bookings", member.token), "/api/bookings", "get");
    expect(list).toMatchObject({ upcoming: [], past: [{ id: booking.id, status: "cancelled" }] });
    const got = await checkedJson(
      await send(bookingGet, `/api/bookings/${booking.id}`, member.token, { params }),
      "/api/bookings/{id}",
      "get",
    );
    expect(got.booking.id).toBe(booking.id);
  });
});
