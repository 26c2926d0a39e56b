import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Booker } from "~/.server/coaching/booking-records.server";
import { bookSession } from "~/.server/coaching/booking/book.server";
import { coachOf, freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import { db } from "~/.server/db/client.server";
import { auditEvents, coaches, coachingBookings } from "~/.server/db/schema.server";
import { photoOfFile, removePhoto, savePhoto } from "~/.server/media/photo.server";
import { rolesOf } from "~/.server/roles/roles.server";
import { withdrawRole } from "~/.server/coaching/coaches/role-changes.server";
import { loader as coachingLoader } from "~/routes/_default.coaching._index";
import { action as listAction, loader as listLoader } from "~/routes/_default.admin.coaches._index";
import { action as coachAction, loader as coachLoader } from "~/routes/_default.admin.coaches.$id/route";
import { action as retireAction, loader as retireLoader } from "~/routes/_default.admin.coaches.$id_.retire";
import { action as memberAction } from "~/routes/_default.admin.members.$id/route";
import { mailsTo, type TestMember, verifiedMember } from "../support/accounts";
import { CLAIRE_EMAIL, coachMember } from "../support/coaches";
import { endpointAt } from "../support/endpoints";
import { buildRequest, callApi, callWith, dataOf, getAs, headerOf, postAs, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";
import { adminMember } from "../support/roles";

/**
 * Issue 24 item 8 (and 2, 12, 13): the operator's coaches — the list, making a member a coach,
 * editing any coach's profile, retiring a coach after a confirmation step (future sessions
 * cancelled with members told, past ones kept, coach role withdrawn, no longer offered). Only
 * admins: a plain member and a coach get the 404 of an unknown path from every loader, action
 * and API operation.
 */
type Routed = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;
const DAY = 24 * 3600_000;

async function claire() {
  const [row] = await db().select().from(coaches).where(eq(coaches.slug, "claire-moreau"));
  return row;
}

async function book(member: TestMember, lang: "fr" | "en", index: number) {
  const coach = (await coachOf("claire-moreau"))!;
  const from = new Date(Date.now() + 3 * DAY);
  const slots = await freeSlotsOf(coach, from, new Date(from.getTime() + 14 * DAY));
  const booker: Booker = { id: member.memberId, firstname: "M", lastname: lang, email: member.email, lang };
  const booked = await bookSession(booker, {
    coachSlug: "claire-moreau",
    start: slots[index * 3].start,
    timeZone: "Europe/Paris",
    fromPath: null,
  });
  if (!booked.ok) throw new Error(booked.error);
  return booked.booking;
}

function api(path: string, who: TestMember, options: { json?: unknown; params?: Record<string, string> } = {}) {
  const endpoint = endpointAt(path.replace(/\/[0-9a-f-]{36}/, "/:id").split("?")[0]);
  const method = options.json === undefined && !path.endsWith("/retire") ? "GET" : "POST";
  return callApi(method === "GET" ? endpoint.loader : endpoint.action, path, who, { ...options, method, lang: "en" });
}

describe("the operator's coaches refuse whoever is not an admin", () => {
  it("a plain member and a coach get 404 from every /admin/coaches loader, action and API operation; nothing changes", async () => {
    const plain = await verifiedMember({ email: "plain@example.com" });
    const coach = await coachMember({ email: "coach@example.com" });
    const target = await claire();
    const params = { id: target.id };
    for (const visitor of [plain, coach]) {
      expect(statusOf(await getAs(listLoader, "/admin/coaches", visitor))).toBe(404);
      expect(
        statusOf(await postAs(listAction, "/admin/coaches", visitor, { intent: "makeCoach", email: visitor.email })),
      ).toBe(404);
      expect(statusOf(await getAs(coachLoader, `/admin/coaches/${target.id}`, visitor, params))).toBe(404);
      expect(
        statusOf(
          await postAs(
            coachAction,
            `/admin/coaches/${target.id}`,
            visitor,
            { intent: "profile", name: "X", languages: ["fr"] },
            params,
          ),
        ),
      ).toBe(404);
      expect(statusOf(await getAs(retireLoader, `/admin/coaches/${target.id}/retire`, visitor, params))).toBe(404);
      expect(
        statusOf(
          await postAs(retireAction, `/admin/coaches/${target.id}/retire`, visitor, { intent: "retire" }, params),
        ),
      ).toBe(404);
      expect((await api("/api/admin/coaches", visitor)).status).toBe(404);
      expect((await api(`/api/admin/coaches/${target.id}`, visitor, { params })).status).toBe(404);
      expect(
        (await api(`/api/admin/coaches/${target.id}`, visitor, { params, json: { name: "X", languages: ["fr"] } }))
          .status,
      ).toBe(404);
      expect((await api(`/api/admin/coaches/${target.id}/retire`, visitor, { params })).status).toBe(404);
    }
    expect(await claire()).toEqual(target);
    expect(await rolesOf(plain.memberId)).toEqual([]);
  });
});

describe("the operator's coaches", () => {
  it("lists every coach with their member, state and upcoming sessions, a page at a time", async () => {
    const ada = await adminMember();
    const linked = await coachMember({ email: CLAIRE_EMAIL, first: { firstName: "Claire", lastName: "Moreau" } });
    await book(await verifiedMember({ email: "marie@example.com" }), "fr", 0);
    type List = {
      coaches: { name: string; member: { id: string } | null; retired: boolean; upcoming: number }[];
      page: { pages: number; total: number };
    };
    const list = await dataOf<List>(await getAs(listLoader, "/admin/coaches", ada));
    expect(list.coaches.map((c) => c.name)).toEqual(["Claire Moreau", "Julien Bernard", "Sarah Collins"]);
    expect(list.coaches[0]).toMatchObject({ member: { id: linked.memberId }, retired: false, upcoming: 1 });
    expect(list.coaches[1]).toMatchObject({ member: null, upcoming: 0 });
    // Paged: 25 more coaches make two pages of 20.
    await db()
      .insert(coaches)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          slug: `extra-${i}`,
          position: 10 + i,
          name: `Extra ${i}`,
          email: `extra${i}@example.com`,
          photo: "/media/coaches/default.svg",
          bio: { fr: "", en: "" },
          languages: ["fr"],
          timeZone: "Europe/Paris",
          weekly: {},
          sessionMinutes: 45,
          bufferMinutes: 15,
        })),
      );
    const second = await dataOf<List>(await getAs(listLoader, "/admin/coaches?page=2", ada));
    expect(second.page).toMatchObject({ pages: 2, total: 28 });
    expect(second.coaches).toHaveLength(8);
    const body = await checkedJson(await api("/api/admin/coaches?page=2&limit=20", ada), "/api/admin/coaches", "get");
    expect(body).toMatchObject({ total: 28, page: 2, next: null });
    expect((await api("/api/admin/coaches?limit=5000", ada)).status).toBe(422);
  });

  it("makes a member a coach from their address (their profile from their name), audited; an unknown address is refused", async () => {
    const ada = await adminMember();
    const fresh = await verifiedMember({ email: "noe@example.com", first: { firstName: "Noé", lastName: "Petit" } });
    const unknown = await postAs(listAction, "/admin/coaches", ada, {
      intent: "makeCoach",
      email: "nobody@example.com",
    });
    expect(statusOf(unknown)).toBe(404);
    expect((await dataOf<{ error: Record<string, string[]> }>(unknown)).error.email).toEqual([
      "coaches.errors.noMember",
    ]);
    const bad = await postAs(listAction, "/admin/coaches", ada, { intent: "makeCoach", email: "x".repeat(300) });
    expect(statusOf(bad)).toBe(400);
    expect((await dataOf<{ error: Record<string, string[]> }>(bad)).error.email).toEqual([
      "admin:coaches.errors.email",
    ]);
    expect(await rolesOf(fresh.memberId)).toEqual([]);

    const made = await postAs(listAction, "/admin/coaches", ada, { intent: "makeCoach", email: "NOE@example.com" });
    expect(statusOf(made)).toBe(303);
    const [record] = await db().select().from(coaches).where(eq(coaches.memberId, fresh.memberId));
    expect(headerOf(made, "Location")).toBe(`/admin/coaches/${record.id}?saved=made`);
    expect(record).toMatchObject({ name: "Noé Petit", slug: "noe-petit", retired: false, weekly: {} });
    expect(await rolesOf(fresh.memberId)).toEqual(["coach"]);
    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.subjectId, fresh.memberId));
    expect(entry).toMatchObject({ actorId: ada.memberId, subjectId: fresh.memberId });
  });

  it("starts a new coach's photo from a copy of the member's, which stays when the member removes theirs", async () => {
    const ada = await adminMember();
    const fresh = await verifiedMember({ email: "noe@example.com", first: { firstName: "Noé", lastName: "Petit" } });
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const own = await savePhoto(fresh.memberId, png);
    if (!own.ok) throw new Error(own.error);
    await postAs(listAction, "/admin/coaches", ada, { intent: "makeCoach", email: fresh.email });
    const [record] = await db().select().from(coaches).where(eq(coaches.memberId, fresh.memberId));
    expect(record.photo).toMatch(/^\/photos\/.+\.webp$/);
    expect(record.photo).not.toBe(own.url);
    await removePhoto(fresh.memberId);
    expect(await photoOfFile(own.url.split("/").pop()!)).toBeNull();
    expect(await photoOfFile(record.photo.split("/").pop()!)).not.toBeNull();
  });

  it("edits any coach's profile (audited with the admin as actor); /coaching shows it; the API does the same", async () => {
    const ada = await adminMember();
    const target = await claire();
    const params = { id: target.id };
    const loaded = await dataOf<{ profile: { name: string } }>(
      await getAs(coachLoader, `/admin/coaches/${target.id}`, ada, params),
    );
    expect(loaded.profile.name).toBe("Claire Moreau");
    expect(statusOf(await getAs(coachLoader, "/admin/coaches/nope", ada, { id: "nope" }))).toBe(404);
    const saved = await postAs(
      coachAction,
      `/admin/coaches/${target.id}`,
      ada,
      {
        intent: "profile",
        name: "Claire Moreau",
        bioFr: "Bio changée par l’admin",
        bioEn: "Bio by the admin",
        languages: ["fr"],
      },
      params,
    );
    expect(headerOf(saved, "Location")).toBe(`/admin/coaches/${target.id}?saved=profile`);
    const refused = await postAs(
      coachAction,
      `/admin/coaches/${target.id}`,
      ada,
      { intent: "profile", name: "", languages: "fr" },
      params,
    );
    expect(statusOf(refused)).toBe(400);
    const member = await verifiedMember({ email: "marie@example.com" });
    const list = await dataOf<{ coaches: { slug: string; bio: string; languages: string[] }[] }>(
      await callWith(coachingLoader as Routed, buildRequest("/coaching", { cookie: member.cookie })),
    );
    expect(list.coaches[0]).toMatchObject({ slug: "claire-moreau", bio: "Bio changée par l’admin" });
    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.action, "coach.profile.changed"));
    expect(entry).toMatchObject({ actorId: ada.memberId, subjectId: null, subjectName: "Claire Moreau" });

    const path = `/api/admin/coaches/${target.id}`;
    const read = await checkedJson(await api(path, ada, { params }), "/api/admin/coaches/{id}", "get");
    expect(read.coach).toMatchObject({ bio_fr: "Bio changée par l’admin", languages: ["fr"] });
    const written = await checkedJson(
      await api(path, ada, { params, json: { name: "Claire", bio_fr: "A", bio_en: "B", languages: ["fr", "en"] } }),
      "/api/admin/coaches/{id}",
      "post",
    );
    expect(written.coach).toMatchObject({ name: "Claire", languages: ["fr", "en"] });
    const bad = await api(path, ada, {
      params,
      json: { name: "Claire", languages: ["fr"], meeting_url_template: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(422);
    await checkedJson(bad, "/api/admin/coaches/{id}", "post");
    const missing = "00000000-0000-4000-8000-000000000000";
    const none = await api(`/api/admin/coaches/${missing}`, ada, { params: { id: missing } });
    expect(none.status).toBe(404);
    await checkedJson(none, "/api/admin/coaches/{id}", "get");
  });
});

describe("retiring a coach", () => {
  it("lists the future sessions, then cancels them with members told in their language, keeps past ones, withdraws the role, audited", async () => {
    const ada = await adminMember();
    const coach = await coachMember({ email: CLAIRE_EMAIL });
    const marie = await verifiedMember({ email: "marie@example.com" });
    const john = await verifiedMember({ email: "john@example.com" });
    const paul = await verifiedMember({ email: "paul@example.com" });
    const future = [await book(marie, "fr", 0), await book(john, "en", 1)];
    const pastOne = await book(paul, "fr", 2);
    await db()
      .update(coachingBookings)
      .set({
        startsAt: new Date(Date.now() - 3 * DAY),
        endsAt: new Date(Date.now() - 3 * DAY + 45 * 60_000),
        blockedUntil: new Date(Date.now() - 3 * DAY + 60 * 60_000),
      })
      .where(eq(coachingBookings.id, pastOne.id));
    const target = await claire();
    const params = { id: target.id };

    // The roles card refuses to withdraw the coach role while sessions are to come.
    const withdraw = await callWith(
      memberAction as Routed,
      buildRequest(`/admin/members/${coach.memberId}`, {
        form: { intent: "withdraw", role: "coach" },
        cookie: ada.cookie,
      }),
      { params: { id: coach.memberId } },
    );
    expect(statusOf(withdraw)).toBe(409);
    expect((await dataOf<{ error: Record<string, string[]> }>(withdraw)).error[""]).toEqual([
      "coaches.errors.withdrawWithSessions",
    ]);
    expect(await rolesOf(coach.memberId)).toContain("coach");

    const step = await dataOf<{ sessions: { id: string; member: string }[] }>(
      await getAs(retireLoader, `/admin/coaches/${target.id}/retire`, ada, params),
    );
    expect(step.sessions.map((s) => s.id)).toEqual(future.map((b) => b.id));
    expect(step.sessions[0].member).toMatch(/\S/);

    const unknownIntent = await postAs(
      retireAction,
      `/admin/coaches/${target.id}/retire`,
      ada,
      { intent: "nope" },
      params,
    );
    expect(statusOf(unknownIntent)).toBe(400);
    expect((await claire()).retired).toBe(false);

    const retired = await postAs(retireAction, `/admin/coaches/${target.id}/retire`, ada, { intent: "retire" }, params);
    expect(headerOf(retired, "Location")).toBe(`/admin/coaches/${target.id}?saved=retired`);
    const rows = await db().select().from(coachingBookings).where(eq(coachingBookings.coachId, target.id));
    for (const booking of future) {
      expect(rows.find((row) => row.id === booking.id)).toMatchObject({ status: "cancelled", cancelledBy: "coach" });
    }
    expect(rows.find((row) => row.id === pastOne.id)).toMatchObject({ status: "confirmed" });
    const toMarie = (await mailsTo(marie.email)).find((m) => /annulée/.test(m.subject))!;
    expect(toMarie.text).toContain("Claire Moreau n’accompagne plus de membres sur Cap");
    const toJohn = (await mailsTo(john.email)).find((m) => /cancelled/i.test(m.subject))!;
    expect(toJohn.text).toContain("Claire Moreau no longer coaches on Cap");
    expect(await mailsTo(paul.email)).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringMatching(/annulée/) }),
    );

    expect((await claire()).retired).toBe(true);
    expect(await coachOf("claire-moreau")).toBeNull();
    expect(await rolesOf(coach.memberId)).not.toContain("coach");
    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.action, "coach.retired"));
    expect(entry).toMatchObject({
      actorId: ada.memberId,
      subjectId: coach.memberId,
      after: { retired: true, cancelledSessions: 2, coachRole: "withdrawn" },
    });
    const list = await dataOf<{ coaches: { slug: string }[] }>(
      await callWith(coachingLoader as Routed, buildRequest("/coaching", { cookie: marie.cookie })),
    );
    expect(list.coaches.map((c) => c.slug)).not.toContain("claire-moreau");

    // Twice: refused, nothing more.
    const again = await postAs(retireAction, `/admin/coaches/${target.id}/retire`, ada, { intent: "retire" }, params);
    expect(statusOf(again)).toBe(409);
    const viaApi = await api(`/api/admin/coaches/${target.id}/retire`, ada, { params });
    expect(viaApi.status).toBe(409);
    await checkedJson(viaApi, "/api/admin/coaches/{id}/retire", "post");
  });

  it("through the API: answers the number of cancelled sessions as /api/openapi.json says", async () => {
    const ada = await adminMember();
    await book(await verifiedMember({ email: "marie@example.com" }), "fr", 0);
    const julien = (await coachOf("julien-bernard"))!;
    const target = await claire();
    const answer = await checkedJson(
      await api(`/api/admin/coaches/${target.id}/retire`, ada, { params: { id: target.id } }),
      "/api/admin/coaches/{id}/retire",
      "post",
    );
    expect(answer).toEqual({ cancelled_sessions: 1 });
    expect(await coachOf("julien-bernard")).toEqual(julien);
  });

  it("withdrawing the coach role of a coach with no session to come is allowed", async () => {
    const coach = await coachMember({ email: "coach@example.com" });
    expect(await withdrawRole({ memberId: null }, coach.memberId, "coach")).toEqual({ ok: true, changed: true });
  });
});
