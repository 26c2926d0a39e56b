import type { ServerBuild } from "@remix-run/node";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/.server/db/client.server";
import { memberPhotos, rateLimitEvents } from "~/.server/db/schema.server";
import { uploadDoor, uploadsInProgress } from "~/.server/auth/upload-gate.server";
import { servedBuild } from "~/.server/runtime/served-build.server";
import { action as apiAction } from "~/routes/api.$";
import { action as coachProfileAction } from "~/routes/_default.coach.profile/route";
import { action as photoAction } from "~/routes/_default.profile_.photo";
import { registerMember, verifiedMember } from "../support/accounts";
import { ORIGIN } from "../support/http";

// The lifecycle (mail sender, housekeeping) is server.ts's to start: these tests call the wrapped
// actions of a small build on the test database.
vi.mock("~/.server/runtime/lifecycle.server", () => ({ lifecycle: { start: async () => undefined } }));

/**
 * Issue 25 item 2: no work before knowing who asks. The photo's paths take 8 MB; an upload's body
 * is read only once its sender is known, within their hourly limit, and only UPLOADS_AT_ONCE at
 * a time per process. Each request here carries a body that counts the chunks read from it: an
 * upload refused before its body is read shows 0.
 */
const build = servedBuild({
  routes: {
    photo: { id: "photo", path: "profile/photo", module: { action: photoAction } },
    "routes/api.$": { id: "routes/api.$", path: "api/*", module: { action: apiAction } },
    coach: { id: "coach", path: "coach/profile", module: { action: coachProfileAction } },
  },
} as unknown as ServerBuild);

type RouteId = "photo" | "routes/api.$" | "coach";

/** The action's answer, returned or thrown: a Response, or the status of Remix's `data()` (a 404). */
async function post(routeId: RouteId, request: Request): Promise<Response> {
  const action = build.routes[routeId]!.module.action!;
  try {
    return (await action({ request, params: {}, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const status = (thrown as { init?: { status?: number } } | null)?.init?.status;
    if (status) return new Response(null, { status });
    throw thrown;
  }
}

/**
 * An 8 MB multipart upload whose body is made as it is read (64 KB a chunk), counting the chunks
 * read; `hold` keeps the first chunk back until it resolves, so that a read stays under way.
 */
function upload(
  path: string,
  { cookie, token, hold, image }: { cookie?: string; token?: string; hold?: Promise<void>; image?: Buffer } = {},
) {
  const boundary = "----cap-upload-gate";
  const file = image ?? Buffer.alloc(8 * 1024 * 1024 - 1024, 1);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\n` +
      "Content-Type: image/jpeg\r\n\r\n",
  );
  const whole = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const api = path.startsWith("/api/");
  const bytes = api ? file : whole;
  const counter = { chunks: 0 };
  let offset = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        counter.chunks++;
        if (counter.chunks === 1 && hold) await hold;
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + 64 * 1024)));
        offset += 64 * 1024;
      },
    },
    { highWaterMark: 0 },
  );
  // An 8 MB upload says its length, as a browser does; the small real images (chunked) do not.
  const headers = new Headers({ Host: "localhost:3000" });
  if (!image) headers.set("Content-Length", String(bytes.length));
  if (!api) headers.set("Content-Type", `multipart/form-data; boundary=${boundary}`);
  if (cookie) headers.set("Cookie", cookie);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const request = new Request(new URL(path, ORIGIN), {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  return { request, counter };
}

const picture = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 80, b: 200 } } })
    .jpeg()
    .toBuffer();

afterEach(() => {
  uploadDoor.waitMs = 15_000;
});

describe("an upload from someone who may not send it", () => {
  it("is answered as the route answers without a session (login, 401), its 8 MB never read", async () => {
    const page = upload("/profile/photo");
    const answer = await post("photo", page.request);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/home/login?redirect_after=%2Fprofile%2Fphoto");
    expect(page.counter.chunks).toBe(0);

    const api = upload("/api/profile/photo");
    const refused = await post("routes/api.$", api.request);
    expect(refused.status).toBe(401);
    expect(api.counter.chunks).toBe(0);
  });

  it("is answered 404 on a coach's page to a member without the role, and sends an unverified member to verify, unread", async () => {
    const member = await verifiedMember({ email: "sans-role@example.com" });
    const coachPage = upload("/coach/profile", { cookie: member.cookie });
    expect((await post("coach", coachPage.request)).status).toBe(404);
    expect(coachPage.counter.chunks).toBe(0);

    const unverified = await registerMember({ email: "pas-encore@example.com" });
    const page = upload("/profile/photo", { cookie: unverified.cookie });
    const answer = await post("photo", page.request);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/account_verification/);
    expect(page.counter.chunks).toBe(0);
  });
});

describe("a member over the hourly limit", () => {
  it("is refused 429 with Retry-After before the body is read, on the page and the API", async () => {
    const member = await verifiedMember({ email: "prolifique@example.com" });
    await db()
      .insert(rateLimitEvents)
      .values(Array.from({ length: 20 }, () => ({ bucket: "photo-upload", key: member.memberId })));
    const page = upload("/profile/photo", { cookie: member.cookie });
    const answer = await post("photo", page.request);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBe("3600");
    expect(await answer.text()).toContain("Vous avez envoyé beaucoup de photos récemment.");
    expect(page.counter.chunks).toBe(0);

    const api = upload("/api/profile/photo", { token: member.token });
    const refused = await post("routes/api.$", api.request);
    expect(refused.status).toBe(429);
    expect(api.counter.chunks).toBe(0);
  });
});

describe("uploads read and decoded at once", () => {
  it("are 2 per process: a third waits unread, a fourth that cannot wait is told 503 with Retry-After", async () => {
    const members = await Promise.all(
      ["une", "deux", "trois", "quatre"].map((name) => verifiedMember({ email: `${name}@example.com` })),
    );
    let open!: () => void;
    const hold = new Promise<void>((resolve) => (open = resolve));
    const image = await picture();
    const uploads = members
      .slice(0, 3)
      .map((member) => upload("/profile/photo", { cookie: member.cookie, hold, image }));
    const answers = uploads.map((one) => post("photo", one.request));
    await vi.waitFor(() => expect(uploads.filter((one) => one.counter.chunks > 0)).toHaveLength(2));
    expect(uploadsInProgress()).toBe(2);
    // The third (whichever arrived last) is admitted as a member within their limit, but waits for
    // a place, its body unread.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uploads.filter((one) => one.counter.chunks === 0)).toHaveLength(1);

    uploadDoor.waitMs = 50;
    const fourth = upload("/profile/photo", { cookie: members[3]!.cookie, image });
    const busy = await post("photo", fourth.request);
    expect(busy.status).toBe(503);
    expect(busy.headers.get("Retry-After")).toBe(String(uploadDoor.retryAfterSeconds));
    expect(await busy.text()).toContain("Beaucoup de photos arrivent en ce moment.");
    expect(fourth.counter.chunks).toBe(0);

    // Once the reads go on, the three are saved one after another.
    open();
    const statuses = (await Promise.all(answers)).map((answer) => answer.status);
    expect(statuses).toEqual([303, 303, 303]);
    expect(await db().select().from(memberPhotos)).toHaveLength(3);
    expect(uploadsInProgress()).toBe(0);
  });
});
