import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { coachingBookings, memberPhotos, rateLimitEvents } from "~/.server/db/schema.server";
import { coachOf } from "~/.server/coaching/booking/free-times.server";
import { screenRequest } from "~/.server/http/route-screen.server";
import { sha256 } from "~/.server/secrets/tokens.server";
import { loader as layoutLoader } from "~/routes/_default";
import { action as teamAddAction } from "~/routes/_default.my_team.add";
import { loader as teamListLoader } from "~/routes/_default.my_team.list";
import { action as profileAction } from "~/routes/_default.profile/route";
import PhotoPage, { action as photoAction, loader as photoLoader } from "~/routes/_default.profile_.photo";
import { loader as coachLinkLoader } from "~/routes/_home.coach.session.$token";
import { loader as photoFile } from "~/routes/photos.$file";
import { lastMailTo, linkIn, renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { answerOf, buildRequest, callWith, dataOf, headerOf, ORIGIN, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";
import { endpointAt } from "../support/endpoints";

const photoDeleteApi = endpointAt("/api/profile/photo/delete").action;
const photoApi = endpointAt("/api/profile/photo").action;
const profileApi = endpointAt("/api/profile").loader;

// --- Images, made here with sharp ------------------------------------------------------------------

const picture = (format: "jpeg" | "png" | "webp", width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();

/** A small real PNG whose header then claims width × height pixels (its CRC made right again). */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await picture("png", 16, 16));
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height, then the chunk's CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function uploadRequest(member: TestMember, bytes: Uint8Array, name = "photo.jpg", type = "image/jpeg") {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("photo", new File([Uint8Array.from(bytes)], name, { type }));
  return new Request(new URL("/profile/photo", ORIGIN), {
    method: "POST",
    headers: { Cookie: member.cookie },
    body: form,
  });
}

const upload = (member: TestMember, bytes: Uint8Array, name?: string, type?: string) =>
  callWith(photoAction, uploadRequest(member, bytes, name, type));

const removeOwn = (member: TestMember) =>
  callWith(photoAction, buildRequest("/profile/photo", { form: { intent: "remove" }, cookie: member.cookie }));

async function photoUrl(member: TestMember): Promise<string | null> {
  return (
    await dataOf<{ url: string | null }>(
      await callWith(photoLoader, buildRequest("/profile/photo", { cookie: member.cookie })),
    )
  ).url;
}

/** GET of a photo URL as the resource route answers it. */
async function fetchPhoto(url: string, headers: Record<string, string> = {}) {
  const file = url.replace(/^\/photos\//, "");
  return (await callWith(photoFile, buildRequest(url, { headers }), { params: { file } })) as Response;
}

/** The page a browser without JavaScript shows after the refused upload. */
async function refusedPage(member: TestMember, answer: unknown, lang: "fr" | "en" = "fr") {
  const loaderData = await dataOf<object>(
    await callWith(photoLoader, buildRequest("/profile/photo", { cookie: member.cookie })),
  );
  return renderPage(PhotoPage, { path: "/profile/photo", lang, loaderData, actionData: await dataOf<object>(answer) });
}

const storedPhotos = () => db().select().from(memberPhotos);

// --- Tests -----------------------------------------------------------------------------------------

describe("uploading a profile photo", () => {
  it.each(["jpeg", "png", "webp"] as const)("takes a %s and keeps a 256×256 WebP of it", async (format) => {
    const member = await verifiedMember();
    const original = await picture(format, 1200, 800);
    const answer = await upload(member, original, `me.${format}`, `image/${format}`);
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe("/profile?saved=photo#photo");

    const url = await photoUrl(member);
    expect(url).toMatch(/^\/photos\/[0-9a-f-]{36}\.webp$/);
    const served = await fetchPhoto(url!);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(bytes.length).toBeLessThan(20_000);
  });

  it("is served with caching headers, its type and an ETag; an unknown or malformed id is a 404", async () => {
    const member = await verifiedMember();
    await upload(member, await picture("jpeg"));
    const url = (await photoUrl(member))!;
    const served = await fetchPhoto(url);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const etag = served.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f-]{36}"$/);
    expect((await fetchPhoto(url, { "If-None-Match": etag })).status).toBe(304);

    expect((await fetchPhoto("/photos/00000000-0000-4000-8000-000000000000.webp")).status).toBe(404);
    expect((await fetchPhoto("/photos/not-a-photo.webp")).status).toBe(404);
    expect((await fetchPhoto(url.replace(".webp", ".png"))).status).toBe(404);
  });

  it("gives a new URL to a new photo; the old one stops answering", async () => {
    const member = await verifiedMember();
    await upload(member, await picture("png"));
    const first = (await photoUrl(member))!;
    await upload(member, await picture("webp"));
    const second = (await photoUrl(member))!;
    expect(second).not.toBe(first);
    expect((await fetchPhoto(first)).status).toBe(404);
    expect((await fetchPhoto(second)).status).toBe(200);
    expect(await storedPhotos()).toHaveLength(1);
  });

  it("shows in the sidebar; without one the sidebar has none (initials instead)", async () => {
    const member = await verifiedMember();
    const sidebar = async () =>
      dataOf<{ photoUrl: string | null }>(
        await callWith(layoutLoader, buildRequest("/profile", { cookie: member.cookie })),
      );
    expect((await sidebar()).photoUrl).toBeNull();
    await upload(member, await picture("jpeg"));
    expect((await sidebar()).photoUrl).toBe(await photoUrl(member));
  });
});

describe("a file that is refused", () => {
  const cases: [string, () => Promise<Uint8Array>, number, string, string][] = [
    [
      "a 6 MB file",
      async () => {
        const big = Buffer.alloc(6 * 1024 * 1024, 7);
        (await picture("jpeg")).copy(big);
        return big;
      },
      400,
      "Cette photo est trop lourde : 5 Mo au plus.",
      "This photo is too large: 5 MB at most.",
    ],
    [
      "a text file named .jpg",
      async () => Buffer.from("Ceci n'est pas une image.\n".repeat(40)),
      415,
      "Ce fichier n’est pas une image JPEG, PNG ou WebP.",
      "This file is not a JPEG, PNG or WebP image.",
    ],
    [
      "a truncated JPEG",
      async () => {
        const whole = await sharp({
          create: {
            width: 800,
            height: 600,
            channels: 3,
            background: "#808080",
            noise: { type: "gaussian", mean: 128, sigma: 40 },
          },
        })
          .jpeg()
          .toBuffer();
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      422,
      "Cette image est abîmée ou incomplète : nous ne pouvons pas la lire. Essayez un autre fichier.",
      "This image is damaged or incomplete: we cannot read it. Try another file.",
    ],
    [
      "a PNG declaring 20000×20000 pixels (a decompression bomb)",
      () => pngDeclaring(20_000, 20_000),
      422,
      "Cette image est trop grande (40 mégapixels au plus). Réduisez-la, puis réessayez.",
      "This image is too big (40 megapixels at most). Make it smaller, then try again.",
    ],
    [
      "an empty file field",
      async () => new Uint8Array(0),
      400,
      "Choisissez une photo à envoyer.",
      "Choose a photo to send.",
    ],
  ];

  it.each(cases)("%s: its message in both languages, and nothing is stored", async (_name, make, status, fr, en) => {
    const member = await verifiedMember();
    const answer = await upload(member, await make());
    expect(statusOf(answer)).toBe(status);
    expect(await refusedPage(member, answer, "fr")).toContain(fr);
    expect(await refusedPage(member, answer, "en")).toContain(en);
    expect(await storedPhotos()).toHaveLength(0);
    expect(await photoUrl(member)).toBeNull();
  });

  it("keeps the photo there was when a new file is refused", async () => {
    const member = await verifiedMember();
    await upload(member, await picture("png"));
    const before = await photoUrl(member);
    expect(statusOf(await upload(member, Buffer.from("nope")))).toBe(415);
    expect(await photoUrl(member)).toBe(before);
  });

  it("refuses more than 20 uploads an hour, with its message", async () => {
    const member = await verifiedMember();
    await db()
      .insert(rateLimitEvents)
      .values(Array.from({ length: 20 }, () => ({ bucket: "photo-upload", key: member.memberId })));
    const answer = await upload(member, await picture("jpeg"));
    expect(statusOf(answer)).toBe(429);
    expect(await refusedPage(member, answer)).toContain("Vous avez envoyé beaucoup de photos récemment.");
    expect(await storedPhotos()).toHaveLength(0);
  });
});

describe("the request door for the photo", () => {
  const multipart = (size: number, path = "/profile/photo") => {
    const form = new FormData();
    form.set("photo", new File([Buffer.alloc(size, 1)], "big.jpg", { type: "image/jpeg" }));
    return new Request(new URL(path, ORIGIN), { method: "POST", headers: { Host: "localhost:3000" }, body: form });
  };

  it("lets a 6 MB upload through to the photo's own message, and refuses 9 MB with a translated 413", async () => {
    // Past the door, the action says "too large" in the page (tested above).
    const passed = await screenRequest(multipart(6 * 1024 * 1024), "action");
    expect(passed).toBeInstanceOf(Request);

    const refused = await screenRequest(multipart(9 * 1024 * 1024), "action").catch((thrown) => thrown as Response);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(413);
    expect(await (refused as Response).text()).toBe("Cette photo est trop lourde : 5 Mo au plus.");

    // Any other form keeps its 64 KB.
    const elsewhere = await screenRequest(multipart(100 * 1024, "/profile"), "action").catch((t) => t as Response);
    expect((elsewhere as Response).status).toBe(413);
  });
});

describe("removing the photo", () => {
  it("removes the member's own; its URL stops answering", async () => {
    const member = await verifiedMember();
    await upload(member, await picture("jpeg"));
    const url = (await photoUrl(member))!;
    const answer = await removeOwn(member);
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe("/profile?saved=photoRemoved#photo");
    expect(await photoUrl(member)).toBeNull();
    expect((await fetchPhoto(url)).status).toBe(404);
  });

  it("by another member removes only theirs, never this member's", async () => {
    const marie = await verifiedMember();
    const paul = await verifiedMember({ email: "paul@example.com" });
    await upload(marie, await picture("jpeg"));
    const url = (await photoUrl(marie))!;
    expect(statusOf(await removeOwn(paul))).toBe(303);
    expect(await photoUrl(marie)).toBe(url);
    expect((await fetchPhoto(url)).status).toBe(200);
  });

  it("needs a signed-in member, page and upload alike", async () => {
    const anonymous = await callWith(photoAction, buildRequest("/profile/photo", { form: { intent: "remove" } }));
    expect(statusOf(anonymous)).toBe(302);
    expect(statusOf(await callWith(photoLoader, buildRequest("/profile/photo")))).toBe(302);
  });

  it("happens with the account's deletion", async () => {
    const member = await verifiedMember();
    await upload(member, await picture("jpeg"));
    const url = (await photoUrl(member))!;
    const answer = await callWith(
      profileAction,
      buildRequest("/profile", {
        form: { intent: "delete", email: member.email, currentPassword: member.password },
        cookie: member.cookie,
      }),
    );
    expect(statusOf(answer)).toBe(303);
    expect(await storedPhotos()).toHaveLength(0);
    expect((await fetchPhoto(url)).status).toBe(404);
  });
});

describe("where the photo shows", () => {
  it("in the team list, for a crew member who joined and has one", async () => {
    const marie = await verifiedMember();
    await callWith(
      teamAddAction,
      buildRequest("/my_team/add", {
        form: { name: "Lina", email: "lina@example.com", relation: "friend" },
        cookie: marie.cookie,
      }),
    );
    const link = linkIn(await lastMailTo("lina@example.com"), "/home/register");
    const invitedId = new URL(link, ORIGIN).searchParams.get("invited_id")!;
    const lina = await verifiedMember({ email: "lina@example.com", first: { firstName: "Lina", invitedId } });
    await upload(lina, await picture("png"));

    const list = await dataOf<{ crew: { id: string; name: string }[]; photos: Record<string, string> }>(
      await callWith(teamListLoader, buildRequest("/my_team/list", { cookie: marie.cookie })),
    );
    const entry = list.crew.find((person) => person.name === "Lina")!;
    expect(list.photos).toEqual({ [entry.id]: await photoUrl(lina) });
    // Lina's own list (no crew of hers) shows nobody's photo, Marie's included.
    await upload(marie, await picture("jpeg"));
    const linas = await dataOf<{ photos: Record<string, string> }>(
      await callWith(teamListLoader, buildRequest("/my_team/list", { cookie: lina.cookie })),
    );
    expect(linas.photos).toEqual({});
  });

  it("to the coach, on the session's private page", async () => {
    const member = await verifiedMember();
    await upload(member, await picture("jpeg"));
    const coach = (await coachOf("claire-moreau"))!;
    const token = "t".repeat(43);
    const start = new Date(Date.now() + 7 * 24 * 3600_000);
    await db()
      .insert(coachingBookings)
      .values({
        memberId: member.memberId,
        coachId: coach.id,
        startsAt: start,
        endsAt: new Date(start.getTime() + 45 * 60_000),
        blockedUntil: new Date(start.getTime() + 60 * 60_000),
        timeZone: "Europe/Paris",
        meetingUrl: "https://meet.example/x",
        coachTokenHash: sha256(token),
      });
    const page = await dataOf<{ memberPhoto: string | null }>(
      await callWith(coachLinkLoader, buildRequest(`/coach/session/${token}`), { params: { token } }),
    );
    expect(page.memberPhoto).toBe(await photoUrl(member));
    // The coach, with no account, gets the photo itself from its URL.
    expect((await fetchPhoto(page.memberPhoto!)).status).toBe(200);
  });
});

describe("the photo's API", () => {
  const send = (member: TestMember, body: Uint8Array, headers: Record<string, string> = {}) =>
    answerOf(
      photoApi({
        request: new Request(new URL("/api/profile/photo", ORIGIN), {
          method: "POST",
          headers: { Authorization: `Bearer ${member.token}`, ...headers },
          body: Uint8Array.from(body),
        }),
        params: {},
        context: {},
      }),
    );

  it("takes the image's bytes with no Content-Type, shows the URL in the profile, removes it", async () => {
    const member = await verifiedMember();
    const saved = await checkedJson<{ photo_url: string }>(
      await send(member, await picture("webp")),
      "/api/profile/photo",
      "post",
    );
    expect(saved.photo_url).toMatch(/^\/photos\/[0-9a-f-]{36}\.webp$/);
    const auth = { headers: { Authorization: `Bearer ${member.token}` } };
    const profile = await checkedJson<{ profile: { photo_url: string | null } }>(
      await answerOf(profileApi({ request: buildRequest("/api/profile", auth), params: {}, context: {} })),
      "/api/profile",
      "get",
    );
    expect(profile.profile.photo_url).toBe(saved.photo_url);

    const removed = await answerOf(
      photoDeleteApi({
        request: buildRequest("/api/profile/photo/delete", { method: "POST", ...auth }),
        params: {},
        context: {},
      }),
    );
    expect(await checkedJson(removed, "/api/profile/photo/delete", "post")).toEqual({ success: true });
    expect((await fetchPhoto(saved.photo_url)).status).toBe(404);
  });

  it("refuses a bad file with its message in the caller's language, and a caller with no session", async () => {
    const member = await verifiedMember();
    const refused = await send(member, await pngDeclaring(20_000, 20_000), { "Accept-Language": "en" });
    const body = await checkedJson(refused, "/api/profile/photo", "post");
    expect(refused.status).toBe(422);
    expect(body.errors.photo).toEqual([
      "This image is too big (40 megapixels at most). Make it smaller, then try again.",
    ]);

    const anonymous = await answerOf(
      photoApi({
        request: new Request(new URL("/api/profile/photo", ORIGIN), {
          method: "POST",
          body: Uint8Array.from(await picture("png")),
        }),
        params: {},
        context: {},
      }),
    );
    expect(anonymous.status).toBe(401);
    expect(await storedPhotos()).toHaveLength(0);
  });
});
