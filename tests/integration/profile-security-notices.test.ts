import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { whoami } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import { appUsers, securityEventReports, securityEvents } from "~/.server/db/schema.server";
import { keepHouse } from "~/.server/runtime/housekeeping.server";
import { NOTICE_WINDOW_MS, recordSecurityEvent } from "~/.server/security/security-events.server";
import { action as newPasswordAction } from "~/routes/_main.home.$newPasswordPage";
import NotMePage, { action as notMeAction, loader as notMeLoader } from "~/routes/_main.security.not-me";
import ProfilePage, { action as profileAction, loader as profileLoader } from "~/routes/_default.profile/route";
import {
  codeIn,
  lastMailTo,
  linkIn,
  type Mail,
  mailsTo,
  PASSWORD,
  renderPage,
  type TestMember,
  verifiedMember,
} from "../support/accounts";
import { answerOf, buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";
import { endpointAt } from "../support/endpoints";
import { checkedJson } from "../support/openapi";
import { sessionCount } from "../support/identity-backend";

/**
 * Issue 25, item 6: a member hears by mail, in their language, of every change to their account's
 * security (when, in their zone; from which device), with a "this wasn't me" link that signs the
 * account out everywhere and mails a recovery code, once; the profile lists the last 20 events.
 */
const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";
const passwordApi = endpointAt("/api/profile/password").action;
const eventsApi = endpointAt("/api/profile/security-events").loader;

afterEach(() => {
  vi.useRealTimers();
});

async function speaks(member: TestMember, lang: "fr" | "en", timeZone: string) {
  await db().update(appUsers).set({ lang, timeZone }).where(eq(appUsers.id, member.memberId));
}

function changePassword(member: TestMember, password: string, current = PASSWORD) {
  return callWith(
    profileAction,
    buildRequest("/profile", {
      form: { intent: "password", currentPassword: current, password, confirmPassword: password },
      cookie: member.cookie,
      headers: { "User-Agent": FIREFOX_ANDROID },
    }),
  );
}

const notices = async (email: string, subject: string) => (await mailsTo(email)).filter((m) => m.subject === subject);

async function eventsOf(member: TestMember) {
  return db().select().from(securityEvents).where(eq(securityEvents.memberId, member.memberId));
}

async function openNotMe(link: string) {
  const token = new URL(link, "http://x").searchParams.get("token") ?? "";
  return { token, page: await callWith(notMeLoader, buildRequest(link)) };
}

const confirmNotMe = (token: string, cookie?: string) =>
  callWith(notMeAction, buildRequest("/security/not-me", { form: { token }, cookie }));

describe("security notices", () => {
  it("a password change mails the member in their language: what, when in their zone, which device, and a way back", async () => {
    const member = await verifiedMember();
    await speaks(member, "en", "America/New_York");
    expect(headerOf(await changePassword(member, "Nouveau-Cap-2025"), "Location")).toBe("/profile?saved=password");

    const [notice] = await notices(member.email, "Your Cap password was changed");
    expect(notice.text).toContain("The password of your Cap account was just changed from your profile.");
    expect(notice.text).toMatch(/When: .*New York \(UTC−[45]\)\./);
    expect(notice.text).toContain("From: Firefox on Android.");
    expect(notice.text).toContain("If it was not you, tell us");
    expect(linkIn(notice, "/security/not-me")).toMatch(/^\/security\/not-me\?token=[\w-]{43}$/);
    expect(notice.html).toContain("This wasn’t me");
    expect((await eventsOf(member)).map((e) => [e.kind, e.userAgent])).toEqual([["password.changed", FIREFOX_ANDROID]]);
  });

  it("a refused password change records nothing and mails nothing", async () => {
    const member = await verifiedMember();
    expect(statusOf(await changePassword(member, "Nouveau-Cap-2025", "not-the-password"))).toBe(422);
    expect(await eventsOf(member)).toEqual([]);
    expect(await notices(member.email, "Le mot de passe de votre compte Cap a changé")).toEqual([]);
  });

  it("the API's password change mails the same notice, in French by default", async () => {
    const member = await verifiedMember();
    const answer = await answerOf(
      passwordApi({
        request: buildRequest("/api/profile/password", {
          json: { current_password: PASSWORD, password: "Nouveau-Cap-2025" },
          headers: { Authorization: `Bearer ${member.token}` },
        }),
        params: {},
        context: {},
      }),
    );
    expect(answer.status).toBe(200);
    const [notice] = await notices(member.email, "Le mot de passe de votre compte Cap a changé");
    expect(notice.text).toMatch(/Quand : .*Paris \(UTC\+[12]\)\./);
    expect(notice.text).toContain("Depuis : un navigateur inconnu sur un système inconnu.");
  });

  it("an email change tells the old address, the one an attacker would have taken away", async () => {
    const member = await verifiedMember();
    const post = (form: Record<string, string>) =>
      callWith(profileAction, buildRequest("/profile", { form, cookie: member.cookie }));
    await post({ intent: "email", currentPassword: PASSWORD, email: "marie.new@example.com" });
    const code = codeIn(await lastMailTo("marie.new@example.com"));
    expect(headerOf(await post({ intent: "confirmEmail", code }), "Location")).toBe("/profile?saved=email");

    const subject = "L’adresse e-mail de votre compte Cap a changé";
    const [toOld] = await notices(member.email, subject);
    expect(toOld.text).toContain("L’adresse e-mail de votre compte Cap est désormais marie.new@example.com.");
    const [toNew] = await notices("marie.new@example.com", subject);
    // Each address gets its own link: either one can say it was not them.
    expect(linkIn(toOld, "/security/not-me")).not.toBe(linkIn(toNew, "/security/not-me"));
    expect((await eventsOf(member)).map((e) => e.kind)).toEqual(["email.changed"]);
  });

  it("a password recovery mails a notice once the new password is set", async () => {
    const member = await verifiedMember();
    const { token } = await openNotMe(await notMeLinkAfterPasswordChange(member));
    const done = await confirmNotMe(token);
    const next = (await dataOf<{ next: string }>(done)).next;
    const code = codeIn(await lastMailTo(member.email));
    const recovered = await callWith(
      newPasswordAction,
      buildRequest(next, {
        form: { code, password: "Encore-Cap-2026", confirmPassword: "Encore-Cap-2026" },
        headers: { "User-Agent": FIREFOX_ANDROID },
      }),
      { params: { newPasswordPage: next.split("/").pop()! } },
    );
    expect(statusOf(recovered)).toBe(303);
    const [notice] = await notices(member.email, "Le mot de passe de votre compte Cap a été réinitialisé");
    expect(notice.text).toContain("Depuis : Firefox sur Android.");
  });

  it("floods nobody: one notice per kind in 10 minutes, every event still recorded", async () => {
    const member = await verifiedMember();
    const client = { ip: "203.0.113.9", userAgent: FIREFOX_ANDROID };
    for (let i = 0; i < 5; i++)
      await db().transaction((tx) => recordSecurityEvent(tx, member.memberId, "signIn.newDevice", client));
    await db().transaction((tx) => recordSecurityEvent(tx, member.memberId, "twoFactor.enabled", client));
    expect(await notices(member.email, "Nouvelle connexion à votre compte Cap")).toHaveLength(1);
    expect(await notices(member.email, "Validation en deux étapes activée sur votre compte Cap")).toHaveLength(1);
    expect(await eventsOf(member)).toHaveLength(6);

    vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() + NOTICE_WINDOW_MS + 1000) });
    await db().transaction((tx) => recordSecurityEvent(tx, member.memberId, "signIn.newDevice", client));
    expect(await notices(member.email, "Nouvelle connexion à votre compte Cap")).toHaveLength(2);
  });

  it("a lockout says the account is safe and links to a password reset, not to a sign-out", async () => {
    const member = await verifiedMember();
    await speaks(member, "en", "Europe/Paris");
    const client = { ip: "198.51.100.7", userAgent: null };
    await db().transaction((tx) => recordSecurityEvent(tx, member.memberId, "signIn.lockedOut", client));
    const [notice] = await notices(member.email, "Sign-in attempts on your Cap account were blocked");
    expect(notice.text).toContain("Many wrong passwords were just tried");
    expect(notice.text).toContain("you can still sign in from a device you used before");
    expect(linkIn(notice, "/home/forgot-password")).toBe("/home/forgot-password");
    expect(notice.text).not.toContain("/security/not-me");
  });
});

async function notMeLinkAfterPasswordChange(member: TestMember): Promise<string> {
  await changePassword(member, "Nouveau-Cap-2025");
  const [notice] = await notices(member.email, "Le mot de passe de votre compte Cap a changé");
  return linkIn(notice as Mail, "/security/not-me");
}

describe("this wasn't me", () => {
  it("explains on a GET and changes nothing; the POST signs out everywhere and mails a recovery code", async () => {
    const member = await verifiedMember();
    const link = await notMeLinkAfterPasswordChange(member);
    const { token, page } = await openNotMe(link);
    expect(statusOf(page)).toBe(200);
    const html = await renderPage(NotMePage, { path: link, loaderData: await dataOf<object>(page) });
    expect(html).toContain("Ce n’était pas vous ?");
    expect(html).toMatch(/<form method="post"/);
    expect(await sessionCount(member.identityId)).toBe(1);
    expect(await whoami(member.token)).not.toBeNull();

    const done = await confirmNotMe(token, member.cookie);
    expect(statusOf(done)).toBe(200);
    expect(headerOf(done, "Set-Cookie")).toMatch(/^token=;/);
    expect(await sessionCount(member.identityId)).toBe(0);
    expect(await whoami(member.token)).toBeNull();
    const recovery = await lastMailTo(member.email);
    expect(recovery.subject).toBe("Réinitialisation de votre mot de passe Cap");
    const reply = await dataOf<{ done: boolean; next: string }>(done);
    expect(reply.next).toMatch(/^\/home\/new-password-.+/);
    const shown = await renderPage(NotMePage, {
      path: link,
      loaderData: await dataOf<object>(page),
      actionData: reply,
    });
    expect(shown).toContain("Votre compte est déconnecté partout");
    expect(shown).toContain(`href="${reply.next}"`);
  });

  it("works once: a second use says the link is used and mails nothing more", async () => {
    const member = await verifiedMember();
    const { token } = await openNotMe(await notMeLinkAfterPasswordChange(member));
    expect(statusOf(await confirmNotMe(token))).toBe(200);
    const mailsAfterFirst = (await mailsTo(member.email)).length;

    const again = await confirmNotMe(token);
    expect(statusOf(again)).toBe(410);
    expect(await dataOf(again)).toEqual({ done: false, state: "used" });
    expect(statusOf((await openNotMe(`/security/not-me?token=${token}`)).page)).toBe(410);
    expect(await mailsTo(member.email)).toHaveLength(mailsAfterFirst);
  });

  it("an expired or forged link changes nothing", async () => {
    const member = await verifiedMember();
    const { token } = await openNotMe(await notMeLinkAfterPasswordChange(member));
    const mailsBefore = (await mailsTo(member.email)).length;

    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [forged, "", "x".repeat(5000)]) {
      expect(statusOf(await confirmNotMe(bad))).toBe(404);
      expect(statusOf((await openNotMe(`/security/not-me?token=${encodeURIComponent(bad)}`)).page)).toBe(404);
    }

    vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() + 8 * 24 * 60 * 60 * 1000) });
    expect(statusOf(await confirmNotMe(token))).toBe(404);
    vi.useRealTimers();

    expect(await sessionCount(member.identityId)).toBe(1);
    expect(await whoami(member.token)).not.toBeNull();
    expect(await mailsTo(member.email)).toHaveLength(mailsBefore);

    // Housekeeping forgets links once expired, not before.
    await keepHouse();
    expect(await db().select().from(securityEventReports)).toHaveLength(1);
    await keepHouse(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    expect(await db().select().from(securityEventReports)).toEqual([]);
  });
});

describe("the profile's security section", () => {
  it("lists the member's last 20 events, newest first, in words; nobody else's", async () => {
    const member = await verifiedMember();
    const other = await verifiedMember({ email: "paul@example.com", first: { firstName: "Paul" } });
    const start = Date.now() - 60 * 60 * 1000;
    const kinds = ["password.changed", "signIn.newDevice", "twoFactor.enabled"] as const;
    await db()
      .insert(securityEvents)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          memberId: member.memberId,
          kind: kinds[i % 3],
          userAgent: FIREFOX_ANDROID,
          createdAt: new Date(start + i * 60_000),
        })),
      );
    await db()
      .insert(securityEvents)
      .values({ memberId: other.memberId, kind: "email.changed", createdAt: new Date(start + 30 * 60_000) });

    const loaded = await callWith(profileLoader, buildRequest("/profile", { cookie: member.cookie }));
    const data = await dataOf<{ securityEvents: { kind: string; at: string }[] }>(loaded);
    expect(data.securityEvents).toHaveLength(20);
    expect(data.securityEvents.map((e) => e.at)).toEqual(
      Array.from({ length: 20 }, (_, i) => new Date(start + (24 - i) * 60_000).toISOString()),
    );
    expect(data.securityEvents.some((e) => e.kind === "email.changed")).toBe(false);

    const html = await renderPage(ProfilePage, { path: "/profile", lang: "en", loaderData: data });
    expect(html).toContain('<h2 id="security-title">Security</h2>');
    expect(html).toContain("Sign-in from a new device");
    expect(html).toContain("Firefox on Android");
  });
});

describe("GET /api/profile/security-events", () => {
  it("answers the member's own events, newest first, as the OpenAPI document says; a stranger gets a 401", async () => {
    const member = await verifiedMember();
    const other = await verifiedMember({ email: "paul@example.com", first: { firstName: "Paul" } });
    await changePassword(member, "Nouveau-Cap-2025");
    await db().transaction((tx) =>
      recordSecurityEvent(tx, member.memberId, "twoFactor.enabled", { ip: "203.0.113.9", userAgent: null }),
    );
    await db().transaction((tx) =>
      recordSecurityEvent(tx, other.memberId, "email.changed", { ip: "203.0.113.9", userAgent: null }),
    );
    const get = (headers: Record<string, string>) =>
      answerOf(
        eventsApi({ request: buildRequest("/api/profile/security-events", { headers }), params: {}, context: {} }),
      );

    const answer = await get({ Authorization: `Bearer ${member.token}` });
    expect(answer.status).toBe(200);
    const body = await checkedJson<{ events: { kind: string; browser: string | null }[] }>(
      answer,
      "/api/profile/security-events",
      "get",
    );
    expect(body.events.map((e) => [e.kind, e.browser])).toEqual([
      ["twoFactor.enabled", null],
      ["password.changed", "Firefox"],
    ]);

    const stranger = await get({});
    expect(stranger.status).toBe(401);
    await checkedJson(stranger, "/api/profile/security-events", "get");
  });
});
