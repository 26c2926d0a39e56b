import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bookSession } from "~/.server/coaching/booking/book.server";
import { coachOf, freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import { db } from "~/.server/db/client.server";
import { auditEvents, coaches, coachingBookings } from "~/.server/db/schema.server";
import { savePhoto } from "~/.server/media/photo.server";
import { loader as photosLoader } from "~/routes/photos.$file";
import { loader as coachPageLoader } from "~/routes/_default.coaching.$coach_slug/route";
import { loader as coachingLoader } from "~/routes/_default.coaching._index";
import { action as profileAction, loader as profileLoader } from "~/routes/_default.coach.profile/route";
import { type TestMember, verifiedMember } from "../support/accounts";
import { CLAIRE_EMAIL, coachMember } from "../support/coaches";
import { endpointAt } from "../support/endpoints";
import { buildRequest, callApi, callWith, dataOf, headerOf, ORIGIN, postAs, statusOf } from "../support/http";
import { BODY_LIMIT_BYTES, bodyLimitFor, PHOTO_BODY_LIMIT_BYTES } from "~/.server/http/request-screen.server";
import { checkedJson } from "../support/openapi";

/**
 * Issue 24 item 6 (and 12, 13): the coach's public profile, edited by the coach at /coach/profile
 * and through GET/POST /api/coach/profile — name, photo (the member photo's pipeline, or the
 * member's own photo), bio in fr and en, languages, meeting-room URL template. What is saved shows
 * on /coaching at once, is audited, and a template of their own makes new sessions' rooms. Bad
 * input is refused with a translated message under its field and changes nothing; a plain member
 * gets the 404 of an unknown path.
 */
type Routed = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

const apiProfile = endpointAt("/api/coach/profile");

const goodForm = {
  intent: "profile",
  name: "Claire M. Moreau",
  bioFr: "Nouvelle présentation.",
  bioEn: "A new bio.",
  languages: ["fr", "en"],
  meetingUrlTemplate: "https://visio.claire.example/{room}",
};

const post = (member: TestMember, form: Record<string, string | string[]>, lang: "fr" | "en" = "fr") =>
  postAs(profileAction as Routed, "/coach/profile", member, form, {}, { lang });

function uploadRequest(member: TestMember, bytes: Uint8Array, intent = "upload") {
  const form = new FormData();
  form.set("intent", intent);
  form.set("photo", new File([Uint8Array.from(bytes)], "photo.png", { type: "image/png" }));
  return new Request(new URL("/coach/profile", ORIGIN), {
    method: "POST",
    headers: { Cookie: member.cookie },
    body: form,
  });
}

const picture = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

async function claireRow() {
  const [row] = await db().select().from(coaches).where(eq(coaches.slug, "claire-moreau"));
  return row;
}

const api = (member: TestMember, json?: unknown) =>
  callApi(json === undefined ? apiProfile.loader : apiProfile.action, "/api/coach/profile", member, {
    json,
    lang: "en",
  });

describe("the coach's profile page", () => {
  it("shows the coach's own profile, saves it, audits it, and /coaching shows it at once", async () => {
    const coach = await coachMember({ email: CLAIRE_EMAIL });
    const page = await dataOf<{ profile: { name: string; slug: string; bio: { fr: string } } }>(
      await callWith(profileLoader as Routed, buildRequest("/coach/profile", { cookie: coach.cookie })),
    );
    expect(page.profile).toMatchObject({ name: "Claire Moreau", slug: "claire-moreau" });
    const saved = await post(coach, goodForm);
    expect(statusOf(saved)).toBe(303);
    expect(headerOf(saved, "Location")).toBe("/coach/profile?saved=profile");
    expect(await claireRow()).toMatchObject({
      name: "Claire M. Moreau",
      bio: { fr: "Nouvelle présentation.", en: "A new bio." },
      languages: ["fr", "en"],
      meetingUrlTemplate: "https://visio.claire.example/{room}",
    });
    const member = await verifiedMember({ email: "marie@example.com" });
    const list = await dataOf<{ coaches: { slug: string; name: string; bio: string }[] }>(
      await callWith(coachingLoader as Routed, buildRequest("/coaching", { cookie: member.cookie })),
    );
    expect(list.coaches.find((c) => c.slug === "claire-moreau")).toMatchObject({
      name: "Claire M. Moreau",
      bio: "Nouvelle présentation.",
    });
    const onPage = await dataOf<{ coach: { name: string; bio: string } }>(
      await callWith(coachPageLoader as Routed, buildRequest("/coaching/claire-moreau", { cookie: member.cookie }), {
        params: { coach_slug: "claire-moreau" },
      }),
    );
    expect(onPage.coach).toMatchObject({ name: "Claire M. Moreau", bio: "Nouvelle présentation." });
    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.action, "coach.profile.changed"));
    expect(entry).toMatchObject({
      actorId: coach.memberId,
      subjectId: coach.memberId,
      subjectName: "Claire M. Moreau",
    });
    expect(entry.before).toMatchObject({ name: "Claire Moreau" });
    expect(entry.after).toMatchObject({ name: "Claire M. Moreau", meetingUrlTemplate: goodForm.meetingUrlTemplate });
    // Saving the same again changes (and audits) nothing.
    await post(coach, goodForm);
    expect(await db().select().from(auditEvents).where(eq(auditEvents.action, "coach.profile.changed"))).toHaveLength(
      1,
    );
  });

  it("refuses bad input with a translated message under the field, and changes nothing", async () => {
    const coach = await coachMember({ email: CLAIRE_EMAIL });
    const before = await claireRow();
    const cases: Array<[Record<string, string | string[]>, string, string]> = [
      [{ name: "" }, "name", "coach:errors.profile.nameRequired"],
      [{ name: "x".repeat(81) }, "name", "coach:errors.profile.nameTooLong"],
      [{ bioFr: "x".repeat(5000) }, "bioFr", "coach:errors.profile.bioTooLong"],
      [{ bioEn: "x".repeat(5000) }, "bioEn", "coach:errors.profile.bioTooLong"],
      [{ languages: [] }, "languages", "coach:errors.profile.languagesRequired"],
      [{ languages: ["de"] }, "languages", "coach:errors.profile.languagesRequired"],
      [
        { meetingUrlTemplate: "http://visio.example/{room}" },
        "meetingUrlTemplate",
        "coach:errors.profile.meetingUrlHttps",
      ],
      [
        { meetingUrlTemplate: "javascript:alert(1)//{room}" },
        "meetingUrlTemplate",
        "coach:errors.profile.meetingUrlHttps",
      ],
      [
        { meetingUrlTemplate: "https://visio.example/room" },
        "meetingUrlTemplate",
        "coach:errors.profile.meetingUrlPlaceholder",
      ],
      [{ meetingUrlTemplate: "not a url {room}" }, "meetingUrlTemplate", "coach:errors.profile.meetingUrlInvalid"],
      [
        { meetingUrlTemplate: `https://visio.example/{room}/${"x".repeat(500)}` },
        "meetingUrlTemplate",
        "coach:errors.profile.meetingUrlTooLong",
      ],
    ];
    for (const [change, field, message] of cases) {
      const form = { ...goodForm, ...change };
      if (Array.isArray(change.languages) && change.languages.length === 0)
        delete (form as Record<string, unknown>).languages;
      const answer = await post(coach, form);
      expect(statusOf(answer), field).toBe(400);
      const reply = await dataOf<{ error: Record<string, string[]> }>(answer);
      expect(reply.error[field], JSON.stringify(change)).toEqual([message]);
    }
    expect(await claireRow()).toEqual(before);
    expect(await db().select().from(auditEvents).where(eq(auditEvents.action, "coach.profile.changed"))).toEqual([]);
  });

  it("takes an uploaded photo through the member photo's pipeline, or the member's own photo; a non-image is refused", async () => {
    const coach = await coachMember({ email: CLAIRE_EMAIL });
    const before = await claireRow();
    const text = await callWith(
      profileAction as Routed,
      uploadRequest(coach, new TextEncoder().encode("this is not an image")),
    );
    expect(statusOf(text)).toBe(415);
    expect((await dataOf<{ error: Record<string, string[]> }>(text)).error.photo).toEqual([
      "profile:errors.photoNotAnImage",
    ]);
    expect(await claireRow()).toEqual(before);

    const uploaded = await callWith(profileAction as Routed, uploadRequest(coach, await picture()));
    expect(headerOf(uploaded, "Location")).toBe("/coach/profile?saved=photo");
    const photo = (await claireRow()).photo;
    expect(photo).toMatch(/^\/photos\/[0-9a-f-]{36}\.webp$/);
    const served = await callWith(photosLoader as Routed, buildRequest(photo), {
      params: { file: photo.split("/").pop()! },
    });
    expect(statusOf(served)).toBe(200);
    const webp = Buffer.from(await (served as Response).arrayBuffer());
    expect(await sharp(webp).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });

    // No member photo yet: refused; with one, it is copied (a later change of it leaves the coach's).
    const none = await post(coach, { intent: "memberPhoto" });
    expect(statusOf(none)).toBe(409);
    expect((await dataOf<{ error: Record<string, string[]> }>(none)).error[""]).toEqual([
      "errors.profile.noMemberPhoto",
    ]);
    const own = await savePhoto(coach.memberId, await picture());
    if (!own.ok) throw new Error("member photo refused");
    expect(headerOf(await post(coach, { intent: "memberPhoto" }), "Location")).toBe("/coach/profile?saved=photo");
    const copied = (await claireRow()).photo;
    expect(copied).not.toBe(photo);
    expect(copied).not.toBe(own.url);
    expect(await db().select().from(auditEvents).where(eq(auditEvents.action, "coach.profile.changed"))).toHaveLength(
      2,
    );
  });

  it("a template of the coach's own makes the rooms of new sessions; without one, the platform's", async () => {
    const coach = await coachMember({ email: CLAIRE_EMAIL });
    await post(coach, goodForm);
    const claire = (await coachOf("claire-moreau"))!;
    const from = new Date(Date.now() + 3 * 24 * 3600_000);
    const [slot] = await freeSlotsOf(claire, from, new Date(from.getTime() + 14 * 24 * 3600_000));
    const member = await verifiedMember({ email: "marie@example.com" });
    const booked = await bookSession(
      { id: member.memberId, firstname: "Marie", lastname: "Curie", email: member.email, lang: "fr" },
      { coachSlug: "claire-moreau", start: slot.start, timeZone: "Europe/Paris", fromPath: null },
    );
    if (!booked.ok) throw new Error(booked.error);
    expect(booked.booking.meetingUrl).toMatch(/^https:\/\/visio\.claire\.example\/cap-[0-9a-f]{24}$/);
    const julien = await bookSession(
      { id: member.memberId, firstname: "Marie", lastname: "Curie", email: member.email, lang: "fr" },
      {
        coachSlug: "julien-bernard",
        start: (
          await freeSlotsOf((await coachOf("julien-bernard"))!, from, new Date(from.getTime() + 14 * 24 * 3600_000))
        )[0].start,
        timeZone: "Europe/Paris",
        fromPath: null,
      },
    );
    if (!julien.ok) throw new Error(julien.error);
    expect(julien.booking.meetingUrl).not.toContain("visio.claire.example");
    expect(await db().select().from(coachingBookings)).toHaveLength(2);
  });

  it("is the 404 of an unknown path for a plain member, loader and action alike", async () => {
    const member = await verifiedMember({ email: "plain@example.com" });
    const before = await claireRow();
    expect(
      statusOf(await callWith(profileLoader as Routed, buildRequest("/coach/profile", { cookie: member.cookie }))),
    ).toBe(404);
    expect(statusOf(await post(member, goodForm))).toBe(404);
    expect(statusOf(await callWith(profileAction as Routed, uploadRequest(member, await picture())))).toBe(404);
    expect((await api(member)).status).toBe(404);
    expect((await api(member, { name: "Hacked", languages: ["fr"] })).status).toBe(404);
    expect(await claireRow()).toEqual(before);
  });

  it("lets the photo's file through the door on the coach's profile pages only", () => {
    expect(bodyLimitFor("/coach/profile")).toBe(PHOTO_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/coaches/00000000-0000-4000-8000-000000000000?saved=1")).toBe(PHOTO_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/coaches/00000000-0000-4000-8000-000000000000/retire")).toBe(BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/coaches")).toBe(BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/coach/hours")).toBe(BODY_LIMIT_BYTES);
  });

  it("answers an unknown intent with the page's message, changing nothing", async () => {
    const coach = await coachMember({ email: CLAIRE_EMAIL });
    const answer = await post(coach, { ...goodForm, intent: "retire" });
    expect(statusOf(answer)).toBe(400);
    expect((await dataOf<{ error: Record<string, string[]> }>(answer)).error[""]).toEqual([
      "common:error.unknownIntent",
    ]);
  });
});

describe("GET/POST /api/coach/profile", () => {
  it("reads and saves the coach's own profile, answers as /api/openapi.json says, and refuses bad input", async () => {
    const coach = await coachMember({ email: CLAIRE_EMAIL });
    const read = await checkedJson(await api(coach), "/api/coach/profile", "get");
    expect(read.coach).toMatchObject({ slug: "claire-moreau", name: "Claire Moreau", meeting_url_template: null });
    const saved = await checkedJson(
      await api(coach, {
        name: "Claire Moreau",
        bio_fr: "Bio FR",
        bio_en: "Bio EN",
        languages: ["en"],
        meeting_url_template: "https://rooms.example.org/cap/{room}?lang=fr",
      }),
      "/api/coach/profile",
      "post",
    );
    expect(saved.coach).toMatchObject({ bio_fr: "Bio FR", languages: ["en"] });
    expect((await claireRow()).meetingUrlTemplate).toBe("https://rooms.example.org/cap/{room}?lang=fr");

    const before = await claireRow();
    for (const [body, field] of [
      [{ name: "", languages: ["fr"] }, "name"],
      [{ name: "C", bio_fr: "x".repeat(5000), languages: ["fr"] }, "bio_fr"],
      [{ name: "C", languages: [] }, "languages"],
      [{ name: "C", languages: ["fr"], meeting_url_template: "http://x.example/{room}" }, "meeting_url_template"],
      [{ name: "C", languages: ["fr"], meeting_url_template: "https://x.example/" }, "meeting_url_template"],
    ] as const) {
      const refused = await api(coach, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      const errors = await checkedJson(refused, "/api/coach/profile", "post");
      expect(Object.keys(errors.errors), JSON.stringify(body)).toContain(field);
    }
    expect(await claireRow()).toEqual(before);
  });
});
