import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { whoami } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import { rateLimitEvents } from "~/.server/db/schema.server";
import { loader as commitmentsLoader } from "~/routes/_default.my_commitments/route";
import { action, loader } from "~/routes/_main.home.login";
import { loader as rootLoader } from "~/root";
import { languageCookie } from "~/.server/i18n/i18n.server";
import { action as logoutAction } from "~/routes/logout";
import { cookiePair, PASSWORD, setCookie, tokenOf, verifiedMember } from "../support/accounts";
import { sessionCount } from "../support/identity-backend";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";
import { endpointAt } from "../support/endpoints";
import { checkedJson } from "../support/openapi";

const whoamiLoader = endpointAt("/api/dashboard/whoami").loader;
const loginApi = endpointAt("/api/dashboard/login").action;

type Reply = { status: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };

const IP = "203.0.113.7";

function login(form: Record<string, string>, options: { ip?: string; cookie?: string } = {}) {
  return callWith(action, buildRequest("/home/login", { form, cookie: options.cookie }), {
    context: { clientIp: options.ip ?? IP },
  });
}

async function loginEvents(bucket: "login-pair" | "login-email" | "login-ip", key: string) {
  return db()
    .select()
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key)));
}

describe("login", () => {
  it("signs in and goes to redirect_after (the login page carries it from its query)", async () => {
    const member = await verifiedMember();
    const page = await dataOf<{ redirectAfter: string }>(
      await callWith(loader, buildRequest("/home/login?redirect_after=%2Fmy_commitments%3Fweek%3D2")),
    );
    expect(page.redirectAfter).toBe("/my_commitments?week=2");

    const answer = await login({ email: member.email, password: PASSWORD, redirectAfter: page.redirectAfter });
    expect(statusOf(answer)).toBe(302);
    expect(headerOf(answer, "Location")).toBe("/my_commitments?week=2");
    const cookie = setCookie(answer, "token") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const next = await callWith(
      commitmentsLoader,
      buildRequest("/my_commitments?week=2", { cookie: cookiePair(answer, "token") }),
    );
    expect(statusOf(next)).toBe(200);
  });

  it("goes to / without redirect_after, and the email's case and spaces do not matter", async () => {
    await verifiedMember({ email: "marie@example.com" });
    const answer = await login({ email: "  Marie@EXAMPLE.com ", password: PASSWORD });
    expect(statusOf(answer)).toBe(302);
    expect(headerOf(answer, "Location")).toBe("/");
  });

  it("never sends the member off-site: every foreign redirect_after lands on /", async () => {
    await verifiedMember();
    for (const target of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "/\\/evil.example",
      " //evil.example",
    ]) {
      const answer = await login({ email: "marie@example.com", password: PASSWORD, redirectAfter: target });
      expect(statusOf(answer), target).toBe(302);
      expect(headerOf(answer, "Location"), target).toBe("/");
    }
  });

  it("a wrong password is a 401 with the form error, the email kept and the password never sent back", async () => {
    await verifiedMember();
    const answer = await login({ email: "marie@example.com", password: "Wrong-password-42" });
    expect(statusOf(answer)).toBe(401);
    expect(setCookie(answer, "token")).toBeUndefined();
    const reply = await dataOf<Reply>(answer);
    expect(reply.error?.[""]).toEqual(["errors.invalidCredentials"]);
    expect(reply.initialValue?.email).toBe("marie@example.com");
    expect(reply.initialValue).not.toHaveProperty("password");
    expect(JSON.stringify(reply)).not.toContain("Wrong-password-42");
  });

  it("an unknown email gets the very same answer as a wrong password", async () => {
    await verifiedMember();
    const wrongPassword = await dataOf<Reply>(
      await login({ email: "marie@example.com", password: "Wrong-password-42" }),
    );
    const unknownEmail = await dataOf<Reply>(
      await login({ email: "nobody@example.com", password: "Wrong-password-42" }),
    );
    expect(unknownEmail.error).toEqual(wrongPassword.error);
  });

  it("a signed-in member posting the login form is sent to /", async () => {
    const member = await verifiedMember();
    const answer = await login({ email: member.email, password: PASSWORD }, { cookie: member.cookie });
    expect(headerOf(answer, "Location")).toBe("/");
  });
});

describe("login: brute-force limits, counted in the database", () => {
  it("after 5 failures for one email from one address, that address gets 429 even with the right password", async () => {
    await verifiedMember();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(
        statusOf(await login({ email: "marie@example.com", password: `wrong-${attempt}-password` })),
        `attempt ${attempt}`,
      ).toBe(401);
    }
    expect(await loginEvents("login-pair", `marie@example.com ${IP}`)).toHaveLength(5);

    const blocked = await login({ email: "Marie@Example.com", password: PASSWORD });
    expect(statusOf(blocked)).toBe(429);
    expect((await dataOf<Reply>(blocked)).error?.[""]).toEqual(["errors.tooManyAttempts"]);
    expect(setCookie(blocked, "token")).toBeUndefined();
  });

  it("an attacker's failures from elsewhere do not lock the member out of their own address", async () => {
    await verifiedMember();
    for (let attempt = 1; attempt <= 5; attempt++)
      await login({ email: "marie@example.com", password: "wrong-password" }, { ip: "203.0.113.66" });
    expect(statusOf(await login({ email: "marie@example.com", password: "x-wrong" }, { ip: "203.0.113.66" }))).toBe(
      429,
    );
    expect(statusOf(await login({ email: "marie@example.com", password: PASSWORD }))).toBe(302);
  });

  it("a burst of 200 parallel guesses checks at most 5 passwords (each attempt counts before the check)", async () => {
    await verifiedMember();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login({ email: "marie@example.com", password: `guess-${i}-password` })),
    );
    const statuses = answers.map(statusOf);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(195);
    expect(await loginEvents("login-pair", `marie@example.com ${IP}`)).toHaveLength(5);
  }, 60_000);

  it("one email tried from many addresses meets a ceiling of 50 failures an hour", async () => {
    await verifiedMember();
    const anHourAgo = new Date(Date.now() - 30 * 60 * 1000);
    await db()
      .insert(rateLimitEvents)
      .values(
        Array.from({ length: 50 }, () => ({ bucket: "login-email", key: "marie@example.com", createdAt: anHourAgo })),
      );
    expect(statusOf(await login({ email: "marie@example.com", password: PASSWORD }, { ip: "198.51.100.9" }))).toBe(429);
    await db()
      .update(rateLimitEvents)
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) });
    expect(statusOf(await login({ email: "marie@example.com", password: PASSWORD }, { ip: "198.51.100.9" }))).toBe(302);
  });

  it("after 30 failures from one IP (different emails) that IP gets 429; another IP still signs in", async () => {
    await verifiedMember();
    for (let attempt = 1; attempt <= 30; attempt++) {
      expect(
        statusOf(await login({ email: `guess${attempt}@example.com`, password: "wrong-password" })),
        `attempt ${attempt}`,
      ).toBe(401);
    }
    expect(await loginEvents("login-ip", IP)).toHaveLength(30);

    const blocked = await login({ email: "marie@example.com", password: PASSWORD });
    expect(statusOf(blocked)).toBe(429);
    expect((await dataOf<Reply>(blocked)).error?.[""]).toEqual(["errors.tooManyAttempts"]);

    expect(statusOf(await login({ email: "marie@example.com", password: PASSWORD }, { ip: "198.51.100.1" }))).toBe(302);
  });

  it("the counters live in the database: failures recorded elsewhere count, expired ones do not", async () => {
    await verifiedMember();
    // Another app instance recorded five failures for this email a minute ago.
    const aMinuteAgo = new Date(Date.now() - 60 * 1000);
    await db()
      .insert(rateLimitEvents)
      .values(
        Array.from({ length: 5 }, () => ({
          bucket: "login-pair",
          key: `marie@example.com ${IP}`,
          createdAt: aMinuteAgo,
        })),
      );
    expect(statusOf(await login({ email: "marie@example.com", password: PASSWORD }))).toBe(429);

    // Sixteen minutes later they are out of the 15-minute window.
    await db()
      .update(rateLimitEvents)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) });
    expect(statusOf(await login({ email: "marie@example.com", password: PASSWORD }))).toBe(302);
  });

  it("a successful login forgets the failures of that email at that address", async () => {
    await verifiedMember();
    for (let attempt = 1; attempt <= 4; attempt++)
      await login({ email: "marie@example.com", password: "wrong-password" });
    expect(statusOf(await login({ email: "marie@example.com", password: PASSWORD }))).toBe(302);
    expect(await loginEvents("login-pair", `marie@example.com ${IP}`)).toHaveLength(0);
    for (let attempt = 1; attempt <= 4; attempt++)
      await login({ email: "marie@example.com", password: "wrong-password" });
    expect(statusOf(await login({ email: "marie@example.com", password: PASSWORD }))).toBe(302);
  });
});

describe("the language a sign-in is answered in", () => {
  const english = async () => (await languageCookie.serialize("en")).split(";")[0];
  const refusedByApi = async (query: string, headers: Record<string, string>) => {
    const request = buildRequest(`/api/dashboard/login${query}`, {
      json: { email: "marie@example.com", password: "Wrong-password-42" },
      headers,
    });
    const answer = (await callWith(loginApi, request, { context: { clientIp: IP } })) as Response;
    expect(answer.status).toBe(401);
    return (await checkedJson<{ errors: { base: string[] } }>(answer, "/api/dashboard/login", "post")).errors.base;
  };

  it("on the API, Accept-Language wins over the lng cookie, which stands in when there is no header", async () => {
    await verifiedMember();
    const cookie = await english();
    // SPEC §7: the client sends Accept-Language set to its current locale on every call.
    expect(await refusedByApi("", { Cookie: cookie, "Accept-Language": "fr-FR,fr;q=0.9" })).toEqual([
      "Adresse e-mail ou mot de passe incorrect.",
    ]);
    expect(await refusedByApi("", { Cookie: cookie })).toEqual(["Wrong email address or password."]);
    // A header naming no language Cap speaks leaves it to the cookie.
    expect(await refusedByApi("", { Cookie: cookie, "Accept-Language": "de" })).toEqual([
      "Wrong email address or password.",
    ]);
    // The spec's ?locale= says it for that call, over both.
    expect(await refusedByApi("?locale=en", { "Accept-Language": "fr" })).toEqual(["Wrong email address or password."]);
  });

  it("on a page, the lng cookie (the member's choice) still wins over the browser's Accept-Language", async () => {
    const request = buildRequest("/home/login", { cookie: await english(), headers: { "Accept-Language": "fr" } });
    expect((await dataOf<{ locale: string }>(await callWith(rootLoader, request))).locale).toBe("en");
  });
});

describe("logout", () => {
  it("revokes the session on the server and clears the cookie", async () => {
    const member = await verifiedMember();
    const other = await callWith(
      action,
      buildRequest("/home/login", { form: { email: member.email, password: PASSWORD } }),
      {
        context: { clientIp: IP },
      },
    );
    const otherCookie = cookiePair(other, "token");

    const answer = await callWith(
      logoutAction,
      buildRequest("/logout", { method: "POST", form: {}, cookie: member.cookie }),
    );
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe("/home");
    const cleared = setCookie(answer, "token") ?? "";
    expect(cleared).toMatch(/^token=;/);
    expect(cleared).toMatch(/Max-Age=0/);

    // The old token no longer works anywhere, even if someone kept it.
    const asked = (token: string) =>
      callWith(whoamiLoader, buildRequest("/api/dashboard/whoami", { headers: { Authorization: `Bearer ${token}` } }));
    expect(statusOf(await asked(await tokenOf(otherCookie)))).toBe(200);
    expect(statusOf(await asked(member.token))).toBe(401);
    expect(await whoami(member.token)).toBeNull();
    const replay = await callWith(commitmentsLoader, buildRequest("/my_commitments", { cookie: member.cookie }));
    expect(headerOf(replay, "Location")).toBe("/home");
    const bearer = await callWith(
      commitmentsLoader,
      buildRequest("/my_commitments", { headers: { Authorization: `Bearer ${member.token}` } }),
    );
    expect(headerOf(bearer, "Location")).toBe("/home");

    // Only that session ended: the member's other device stays signed in.
    expect(await whoami(await tokenOf(otherCookie))).not.toBeNull();
    expect(await sessionCount(member.identityId)).toBe(1);
  });

  it("without a session still answers /home and clears the cookie", async () => {
    const answer = await callWith(logoutAction, buildRequest("/logout", { method: "POST", form: {} }));
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe("/home");
    expect(setCookie(answer, "token")).toMatch(/Max-Age=0/);
  });
});
