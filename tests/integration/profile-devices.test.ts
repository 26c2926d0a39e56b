import { describe, expect, it } from "vitest";
import { whoami } from "~/.server/accounts/members.server";
import { identity } from "~/.server/identity/identity-service.server";
import { DEVICES_PAGE_SIZE } from "~/.server/profile/devices.server";
import { action as loginPage } from "~/routes/_main.home.login";
import ProfilePage, { action as profileAction, loader as profileLoader } from "~/routes/_default.profile/route";
import { cookiePair, PASSWORD, renderPage, type TestMember, tokenOf, verifiedMember } from "../support/accounts";
import { buildRequest, callApi, callWith, dataOf, headerOf, type RouteFunction, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";
import { endpointAt } from "../support/endpoints";

const loginApi = endpointAt("/api/dashboard/login").action;
const logoutApi = endpointAt("/api/dashboard/logout").action;
const whoamiApi = endpointAt("/api/dashboard/whoami").loader;
const sessionsApi = endpointAt("/api/sessions").loader;
const revokeOthersApi = endpointAt("/api/sessions/revoke-others").action;
const revokeApi = endpointAt("/api/sessions/:id/revoke").action;

/**
 * Issue 12, item 4: a member sees the devices signed in to their account, signs one out or all
 * the others, on /profile (plain forms) and through the API; nobody reaches another's sessions.
 * Item 5: the token the API answers is the `token` cookie's value itself.
 */
const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const api = (
  handler: RouteFunction,
  path: string,
  token: string,
  options: { post?: boolean; params?: Record<string, string> } = {},
) => callApi(handler, path, token, { method: options.post ? "POST" : "GET", params: options.params });

/** Signs in on /home/login from a browser naming itself `userAgent`: the new session's cookie. */
async function signInFrom(member: TestMember, userAgent: string): Promise<string> {
  const form = { email: member.email, password: PASSWORD, redirectAfter: "" };
  const answer = await callWith(
    loginPage,
    buildRequest("/home/login", { form, headers: { "User-Agent": userAgent } }),
    { context: { clientIp: "198.51.100.7" } },
  );
  expect(statusOf(answer)).toBe(302);
  return cookiePair(answer, "token");
}

type Devices = {
  id: string;
  browser: string | null;
  system: string | null;
  signedIn: string;
  lastSeen: string;
  current: boolean;
}[];

type DevicesPage = { list: Devices; page: number; pages: number; total: number };

async function devicesPageOn(cookie: string, path = "/profile", lang = "fr"): Promise<DevicesPage> {
  const page = await dataOf<{ devices: DevicesPage }>(
    await callWith(profileLoader, buildRequest(path, { cookie, headers: { "Accept-Language": lang } })),
  );
  return page.devices;
}

async function devicesOn(cookie: string, lang = "fr"): Promise<Devices> {
  return (await devicesPageOn(cookie, "/profile", lang)).list;
}

function post(cookie: string, form: Record<string, string>) {
  return callWith(profileAction, buildRequest("/profile", { form, cookie }));
}

describe("signed-in devices on /profile", () => {
  it("lists each device with its browser and system, this one first, and signs one out or all the others", async () => {
    const member = await verifiedMember();
    const phone = await signInFrom(member, FIREFOX_ANDROID);
    const iphone = await signInFrom(member, SAFARI_IPHONE);

    const seenFromPhone = await devicesOn(phone);
    expect(seenFromPhone).toHaveLength(3);
    expect(seenFromPhone[0]).toMatchObject({ browser: "Firefox", system: "Android", current: true });
    expect(seenFromPhone.filter((device) => device.current)).toHaveLength(1);
    expect(seenFromPhone.map((device) => device.browser)).toContain("Safari");
    // Dates in the member's language.
    expect(seenFromPhone[0].signedIn).toMatch(/\d{4} à \d{2}:\d{2}/);
    expect((await devicesOn(phone, "en"))[0].signedIn).toMatch(/\d{4} at \d{1,2}:\d{2}/);

    // One device out: its cookie no longer signs in, the others still do.
    const iphoneId = seenFromPhone.find((device) => device.browser === "Safari")!.id;
    const out = await post(phone, { intent: "signOutDevice", id: iphoneId });
    expect(headerOf(out, "Location")).toBe("/profile?saved=deviceSignedOut");
    expect(await whoami(await tokenOf(iphone))).toBeNull();
    expect(await whoami(await tokenOf(member.cookie))).not.toBeNull();
    expect(await devicesOn(phone)).toHaveLength(2);

    // This device is not signed out from the list (logout does that), and an unknown id is a 404.
    const current = (await devicesOn(phone))[0].id;
    expect(statusOf(await post(phone, { intent: "signOutDevice", id: current }))).toBe(409);
    expect(statusOf(await post(phone, { intent: "signOutDevice", id: "not-a-session" }))).toBe(404);

    // All the others: only this one is left.
    expect(headerOf(await post(phone, { intent: "signOutOthers" }), "Location")).toBe("/profile?saved=othersSignedOut");
    expect(await whoami(await tokenOf(member.cookie))).toBeNull();
    expect((await devicesOn(phone)).map((device) => device.current)).toEqual([true]);
  });

  it("never shows or ends another member's session", async () => {
    const alice = await verifiedMember({ email: "alice@example.com" });
    const bob = await verifiedMember({ email: "bob@example.com" });
    const [bobsSession] = await devicesOn(bob.cookie);
    expect((await devicesOn(alice.cookie)).map((device) => device.id)).not.toContain(bobsSession.id);

    expect(statusOf(await post(alice.cookie, { intent: "signOutDevice", id: bobsSession.id }))).toBe(404);
    expect(await whoami(bob.token)).not.toBeNull();
    const refused = await api(revokeApi, `/api/sessions/${bobsSession.id}/revoke`, alice.token, {
      post: true,
      params: { id: bobsSession.id },
    });
    expect(refused.status).toBe(404);
    await checkedJson(refused, "/api/sessions/{id}/revoke", "post");
    await api(revokeOthersApi, "/api/sessions/revoke-others", alice.token, { post: true });
    expect(await whoami(bob.token)).not.toBeNull();
  });

  it("asks to sign in first", async () => {
    expect(
      headerOf(
        await callWith(profileAction, buildRequest("/profile", { form: { intent: "signOutOthers" } })),
        "Location",
      ),
    ).toMatch(/^\/home\/login/);
  });
});

describe("a member with more devices than a page holds", () => {
  it("sees them a page at a time on /profile (?devices=N), this one first, and signs out every other at once", async () => {
    const member = await verifiedMember();
    for (let i = 0; i < DEVICES_PAGE_SIZE + 1; i++) await identity().login(member.email, PASSWORD, SAFARI_IPHONE);
    const total = DEVICES_PAGE_SIZE + 2;

    const first = await devicesPageOn(member.cookie);
    expect(first).toMatchObject({ page: 1, pages: 2, total });
    expect(first.list).toHaveLength(DEVICES_PAGE_SIZE);
    expect(first.list[0].current).toBe(true);
    const second = await devicesPageOn(member.cookie, "/profile?devices=2");
    expect(second).toMatchObject({ page: 2, pages: 2, total });
    expect(second.list).toHaveLength(2);
    expect(second.list.some((device) => device.current)).toBe(false);
    expect(new Set([...first.list, ...second.list].map((device) => device.id)).size).toBe(total);
    // Past the end: the last page; not a number: the first.
    expect((await devicesPageOn(member.cookie, "/profile?devices=99")).list).toEqual(second.list);
    expect((await devicesPageOn(member.cookie, "/profile?devices=abc")).page).toBe(1);

    // Without JavaScript: the page links to the next one, and the button counts every other device.
    const loaderData = await dataOf<object>(
      await callWith(profileLoader, buildRequest("/profile", { cookie: member.cookie })),
    );
    const html = await renderPage(ProfilePage, { path: "/profile", loaderData });
    expect(html).toContain('href="/profile?devices=2#devices"');
    expect(html).toContain("Page 1 sur 2");
    expect(html).toContain(`Déconnecter les ${total - 1} autres appareils`);

    await post(member.cookie, { intent: "signOutOthers" });
    expect(await devicesPageOn(member.cookie)).toMatchObject({ page: 1, pages: 1, total: 1 });
  });

  it("pages GET /api/sessions with page and limit, answering total and next", async () => {
    const member = await verifiedMember();
    for (let i = 0; i < 6; i++) await identity().login(member.email, PASSWORD, FIREFOX_ANDROID);
    const page = (query: string) => api(sessionsApi, `/api/sessions${query}`, member.token);

    const one = await checkedJson(await page("?limit=3"), "/api/sessions", "get");
    expect(one).toMatchObject({ total: 7, page: 1, limit: 3, next: 2 });
    expect(one.sessions).toHaveLength(3);
    expect(one.sessions[0].current).toBe(true);
    const three = await checkedJson(await page("?limit=3&page=3"), "/api/sessions", "get");
    expect(three).toMatchObject({ total: 7, page: 3, next: null });
    expect(three.sessions).toHaveLength(1);
    const two = await checkedJson(await page("?limit=3&page=2"), "/api/sessions", "get");
    const ids = [...one.sessions, ...two.sessions, ...three.sessions].map((session: { id: string }) => session.id);
    expect(new Set(ids).size).toBe(7);
    // Past the end: an empty list; a bad page or limit: 422 naming it.
    expect(await checkedJson(await page("?limit=3&page=4"), "/api/sessions", "get")).toMatchObject({
      sessions: [],
      total: 7,
      next: null,
    });
    const refused = await page("?limit=500");
    expect(refused.status).toBe(422);
    expect((await checkedJson(refused, "/api/sessions", "get")).errors.limit).toHaveLength(1);
  });
});

describe("sessions API", () => {
  it("lists, revokes one and the others, and logs out, each answer as /api/openapi.json says", async () => {
    const member = await verifiedMember();
    const phone = await tokenOf(await signInFrom(member, FIREFOX_ANDROID));

    const listed = await checkedJson(await api(sessionsApi, "/api/sessions", phone), "/api/sessions", "get");
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions[0]).toMatchObject({ browser: "Firefox", system: "Android", current: true });
    const other = listed.sessions[1].id;

    const onThis = await api(revokeApi, `/api/sessions/${listed.sessions[0].id}/revoke`, phone, {
      post: true,
      params: { id: listed.sessions[0].id },
    });
    expect(onThis.status).toBe(409);
    await checkedJson(onThis, "/api/sessions/{id}/revoke", "post");

    const revoked = await api(revokeApi, `/api/sessions/${other}/revoke`, phone, { post: true, params: { id: other } });
    expect(await checkedJson(revoked, "/api/sessions/{id}/revoke", "post")).toEqual({ success: true });
    expect(await whoami(member.token)).toBeNull();

    const third = await tokenOf(await signInFrom(member, SAFARI_IPHONE));
    const others = await api(revokeOthersApi, "/api/sessions/revoke-others", phone, { post: true });
    expect(await checkedJson(others, "/api/sessions/revoke-others", "post")).toEqual({ success: true, revoked: 1 });
    expect(await whoami(third)).toBeNull();

    const out = await api(logoutApi, "/api/dashboard/logout", phone, { post: true });
    expect(await checkedJson(out, "/api/dashboard/logout", "post")).toEqual({ success: true });
    expect(out.headers.get("Set-Cookie")).toMatch(/^token=; .*Max-Age=0/);
    expect(await whoami(phone)).toBeNull();
    const again = await api(logoutApi, "/api/dashboard/logout", phone, { post: true });
    expect(again.status).toBe(401);
    await checkedJson(again, "/api/dashboard/logout", "post");
    await checkedJson(await api(sessionsApi, "/api/sessions", phone), "/api/sessions", "get");
  });
});

describe("the token cookie", () => {
  it("holds the session token itself: the API's token works as the cookie and as a bearer header", async () => {
    const member = await verifiedMember();
    const login = await callWith(
      loginApi,
      buildRequest("/api/dashboard/login", { json: { email: member.email, password: PASSWORD } }),
    );
    const token = await dataOf<string>(login);
    expect(member.cookie).toBe(`token=${member.token}`);

    const byCookie = (await callWith(
      whoamiApi,
      buildRequest("/api/dashboard/whoami", { cookie: `token=${token}` }),
    )) as Response;
    const byBearer = (await callWith(
      whoamiApi,
      buildRequest("/api/dashboard/whoami", { headers: { Authorization: `Bearer ${token}` } }),
    )) as Response;
    expect(byCookie.status).toBe(200);
    expect((await byCookie.json()).user.id).toBe(member.memberId);
    expect((await byBearer.json()).user.id).toBe(member.memberId);
    expect(
      statusOf(await callWith(whoamiApi, buildRequest("/api/dashboard/whoami", { cookie: "token=forged.value" }))),
    ).toBe(401);
  });
});
