import { createCookie } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { env } from "~/.server/config/env.server";
import { withRequestMemo } from "~/.server/http/request-memo.server";
import { loader as verificationLoader } from "~/routes/_home.account_verification";
import { loader as registerLoader } from "~/routes/_home.home.register/route";
import { loader as landingLoader } from "~/routes/_home.home._index";
import { loader as comingSoonLoader } from "~/routes/_home.coming-soon";
import { loader as whoAreYouLoader } from "~/routes/_home.home.who-are-you";
import { loader as freemiumLoader } from "~/routes/_home.home.start-freemium";
import { loader as forgotLoader } from "~/routes/_main.home.forgot-password";
import { loader as loginLoader } from "~/routes/_main.home.login";
import { loader as layoutLoader } from "~/routes/_default";
import { loader as agendaLoader } from "~/routes/_home.coach.agenda.$token/route";
import { loader as coachSessionLoader } from "~/routes/_home.coach.session.$token";
import { loader as surveyLoader } from "~/routes/_home.survey.$token";
import { agendaPath } from "~/.server/coaching/agenda/agenda-link.server";
import { coachOf } from "~/.server/coaching/booking/free-times.server";
import { languageCookie } from "~/.server/i18n/i18n.server";
import { action as overviewAction, loader as overviewLoader } from "~/routes/_default._index/route";
import { loader as commitmentsLoader } from "~/routes/_default.my_commitments/route";
import { loader as trainingsLoader } from "~/routes/_default.trainings._index";
import { registerMember, setCookie, tokenCookie, verifiedMember } from "../support/accounts";
import { identityClockForward, endSessions } from "../support/identity-backend";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";

type Loader = Parameters<typeof callWith>[0];

/** The signed-in pages: the `_default` layout and its children, each with its own guard. */
const signedInPages: [string, Loader][] = [
  ["/", layoutLoader],
  ["/", overviewLoader],
  ["/trainings", trainingsLoader],
  ["/my_commitments", commitmentsLoader],
];

const homePages: [string, Loader][] = [
  ["/home/login", loginLoader],
  ["/home/register", registerLoader],
  ["/home/forgot-password", forgotLoader],
  ["/home", landingLoader],
  ["/home/who-are-you", whoAreYouLoader],
  ["/home/start-freemium", freemiumLoader],
];

const visit = (loader: Loader, path: string, options: { cookie?: string; headers?: Record<string, string> } = {}) =>
  callWith(loader, buildRequest(path, options));

function expectCleared(answer: unknown) {
  const cookie = setCookie(answer, "token") ?? "";
  expect(cookie).toMatch(/^token=;/);
  expect(cookie).toMatch(/Max-Age=0/);
}

describe("guard (SPEC §4): no token", () => {
  it("sends a visitor to /home/login with redirect_after = the full path, query included", async () => {
    const answer = await visit(commitmentsLoader, "/my_commitments");
    expect(statusOf(answer)).toBe(302);
    expect(headerOf(answer, "Location")).toBe("/home/login?redirect_after=%2Fmy_commitments");

    const withQuery = await visit(commitmentsLoader, "/my_commitments?week=2&sort=due");
    expect(headerOf(withQuery, "Location")).toBe(
      "/home/login?redirect_after=%2Fmy_commitments%3Fweek%3D2%26sort%3Ddue",
    );
  });

  it("the layout loader and every child loader guard by themselves", async () => {
    for (const [path, loader] of signedInPages) {
      const answer = await visit(loader, path);
      expect(statusOf(answer), path).toBe(302);
      expect(headerOf(answer, "Location"), path).toBe(`/home/login?redirect_after=${encodeURIComponent(path)}`);
    }
  });

  it("a token cookie that is no token counts as no token; one signed the old way still signs in", async () => {
    const member = await verifiedMember();
    for (const forged of ["token=not.a.token!", "token=%7B%22a%22%3A1%7D", `${member.cookie.slice(0, -4)}!!!!`]) {
      const answer = await visit(commitmentsLoader, "/my_commitments", { cookie: forged });
      expect(headerOf(answer, "Location"), forged).toBe("/home/login?redirect_after=%2Fmy_commitments");
    }
    // Before the cookie held the token itself it was signed with SESSION_SECRET: such a cookie
    // keeps its session until it expires.
    const signedTheOldWay = await createCookie("token", { secrets: [env().SESSION_SECRET] }).serialize(member.token);
    expect(statusOf(await visit(commitmentsLoader, "/my_commitments", { cookie: signedTheOldWay.split(";")[0] }))).toBe(
      200,
    );
    const otherSecret = await createCookie("token", {
      secrets: ["another secret of at least 32 characters"],
    }).serialize(member.token);
    expect(
      headerOf(await visit(commitmentsLoader, "/my_commitments", { cookie: otherSecret.split(";")[0] }), "Location"),
    ).toMatch(/^\/home\/login/);
  });

  it("home routes let a visitor in", async () => {
    for (const [path, loader] of homePages) {
      expect(statusOf(await visit(loader, path)), path).toBe(200);
    }
  });
});

describe("guard (SPEC §4): a token whose whoami fails", () => {
  it("an unknown token goes to /home and the token cookie is cleared", async () => {
    const cookie = await tokenCookie("never-issued-token");
    for (const [path, loader] of [...signedInPages, ...homePages]) {
      const answer = await visit(loader, path, { cookie });
      expect(statusOf(answer), path).toBe(302);
      expect(headerOf(answer, "Location"), path).toBe("/home");
      expectCleared(answer);
    }
  });

  it("an expired session goes to /home and the cookie is cleared", async () => {
    const member = await verifiedMember();
    identityClockForward(31 * 24 * 60 * 60 * 1000);
    const answer = await visit(commitmentsLoader, "/my_commitments", { cookie: member.cookie });
    expect(headerOf(answer, "Location")).toBe("/home");
    expectCleared(answer);
  });

  it("the token check comes before the verification check", async () => {
    const member = await registerMember();
    await endSessions(member.identityId);
    const answer = await visit(commitmentsLoader, "/my_commitments", { cookie: member.cookie });
    expect(headerOf(answer, "Location")).toBe("/home");
  });
});

describe("guard (SPEC §4): unverified member", () => {
  it("is sent to /account_verification with redirect_after from every signed-in page", async () => {
    const member = await registerMember();
    for (const [path, loader] of [
      ...signedInPages,
      ["/my_commitments?week=2", commitmentsLoader] as [string, Loader],
    ]) {
      const answer = await visit(loader, path, { cookie: member.cookie });
      expect(statusOf(answer), path).toBe(302);
      expect(headerOf(answer, "Location"), path).toBe(
        `/account_verification?redirect_after=${encodeURIComponent(path)}`,
      );
    }
  });

  it("is sent to /account_verification from a home route, and may stay on /account_verification", async () => {
    const member = await registerMember();
    for (const [path, loader] of homePages) {
      const answer = await visit(loader, path, { cookie: member.cookie });
      expect(headerOf(answer, "Location"), path).toBe("/account_verification");
    }
    const page = await visit(verificationLoader, "/account_verification", { cookie: member.cookie });
    expect(statusOf(page)).toBe(200);
    expect(await dataOf(page)).toMatchObject({ email: "marie@example.com", linkVerified: false });
  });
});

describe("guard (SPEC §4): /coming-soon, a public page outside /home", () => {
  it("lets visitors and verified members stay, sends an unverified member to verify, clears a stale token", async () => {
    expect(statusOf(await visit(comingSoonLoader, "/coming-soon"))).toBe(200);
    const verified = await verifiedMember({ email: "verified@example.com" });
    expect(statusOf(await visit(comingSoonLoader, "/coming-soon", { cookie: verified.cookie }))).toBe(200);
    const unverified = await registerMember({ email: "unverified@example.com" });
    const sent = await visit(comingSoonLoader, "/coming-soon", { cookie: unverified.cookie });
    expect(headerOf(sent, "Location")).toBe("/account_verification");
    const stale = await visit(comingSoonLoader, "/coming-soon", {
      cookie: await tokenCookie("never-issued-token-0000"),
    });
    expect(headerOf(stale, "Location")).toBe("/home");
    expectCleared(stale);
  });
});

describe("guard (SPEC §4): private-link pages", () => {
  it("work without an account, send an unverified member to verify first, and clear a stale token in place", async () => {
    const coach = await coachOf("claire-moreau");
    if (!coach) throw new Error("claire-moreau is not seeded");
    const agenda = agendaPath(coach);
    const token = agenda.split("/").pop() ?? "";
    const lng = (await languageCookie.serialize("fr")).split(";")[0];
    const open = (cookie?: string) =>
      callWith(agendaLoader, buildRequest(agenda, { cookie: [lng, cookie].filter(Boolean).join("; ") }), {
        params: { token },
      });

    expect(statusOf(await open())).toBe(200);
    const verified = await verifiedMember({ email: "verified@example.com" });
    expect(statusOf(await open(verified.cookie))).toBe(200);

    const unverified = await registerMember({ email: "unverified@example.com" });
    const expected = (path: string) => `/account_verification?redirect_after=${encodeURIComponent(path)}`;
    expect(headerOf(await open(unverified.cookie), "Location")).toBe(expected(agenda));
    for (const [path, loader, params] of [
      ["/survey/no-such-survey", surveyLoader, { token: "no-such-survey" }],
      ["/coach/session/no-such-session", coachSessionLoader, { token: "no-such-session" }],
    ] as [string, Loader, Record<string, string>][]) {
      const sent = await callWith(loader, buildRequest(path, { cookie: unverified.cookie }), { params });
      expect(headerOf(sent, "Location"), path).toBe(expected(path));
      // Without an account, the link itself answers (here: no such link).
      expect(statusOf(await callWith(loader, buildRequest(path), { params })), path).toBe(404);
    }

    const stale = await open(await tokenCookie("never-issued-token-0000"));
    expect(headerOf(stale, "Location")).toBe(agenda);
    expectCleared(stale);
  });
});

describe("guard (SPEC §4): verified member", () => {
  it("reaches the layout and every signed-in page", async () => {
    const member = await verifiedMember({ first: { firstName: "Léa", lastName: "Martin" } });
    for (const [path, loader] of signedInPages) {
      const answer = await visit(loader, path, { cookie: member.cookie });
      expect(statusOf(answer), path).toBe(200);
    }
    expect(await dataOf(await visit(layoutLoader, "/", { cookie: member.cookie }))).toEqual({
      firstname: "Léa",
      lastname: "Martin",
      photoUrl: null,
      guessTimeZone: true,
      roles: [],
    });
    expect(await dataOf(await visit(commitmentsLoader, "/my_commitments", { cookie: member.cookie }))).toMatchObject({
      title: expect.any(String),
    });
  });

  it("on a home route is sent to /", async () => {
    const member = await verifiedMember();
    for (const [path, loader] of homePages) {
      const answer = await visit(loader, path, { cookie: member.cookie });
      expect(statusOf(answer), path).toBe(302);
      expect(headerOf(answer, "Location"), path).toBe("/");
    }
  });

  it("on /account_verification is sent on to redirect_after, or /trainings", async () => {
    const member = await verifiedMember();
    const back = await visit(verificationLoader, "/account_verification?redirect_after=%2Fmy_commitments", {
      cookie: member.cookie,
    });
    expect(headerOf(back, "Location")).toBe("/my_commitments");
    const plain = await visit(verificationLoader, "/account_verification", { cookie: member.cookie });
    expect(headerOf(plain, "Location")).toBe("/trainings");
  });
});

describe("guard: one whoami per page request", () => {
  it("the layout's loader and the page's share one answer; an action asks afresh", async () => {
    const member = await verifiedMember();
    await withRequestMemo(async () => {
      // Remix hands each loader a Request of its own.
      expect(statusOf(await visit(layoutLoader, "/", { cookie: member.cookie }))).toBe(200);
      // The session ends between the two loaders: the page's loader uses the answer already in hand…
      await endSessions(member.identityId);
      expect(statusOf(await visit(overviewLoader, "/", { cookie: member.cookie }))).toBe(200);
      // …while an action of the same request asks again, and finds the session gone.
      const post = buildRequest("/", { method: "POST", form: { form: "weather", mood: "top" }, cookie: member.cookie });
      expect(headerOf(await callWith(overviewAction, post), "Location")).toBe("/home");
    });
    // Outside a request's scope (loaders called as plain functions), nothing is shared.
    expect(headerOf(await visit(overviewLoader, "/", { cookie: member.cookie }), "Location")).toBe("/home");
  });
});

describe("guard: Authorization bearer header (API callers)", () => {
  it("works like the cookie", async () => {
    const verified = await verifiedMember({ email: "verified@example.com" });
    const unverified = await registerMember({ email: "unverified@example.com" });
    const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

    expect(statusOf(await visit(commitmentsLoader, "/my_commitments", bearer(verified.token)))).toBe(200);
    expect(headerOf(await visit(loginLoader, "/home/login", bearer(verified.token)), "Location")).toBe("/");
    expect(headerOf(await visit(commitmentsLoader, "/my_commitments", bearer(unverified.token)), "Location")).toBe(
      "/account_verification?redirect_after=%2Fmy_commitments",
    );
    const unknown = await visit(commitmentsLoader, "/my_commitments", bearer("never-issued-token"));
    expect(headerOf(unknown, "Location")).toBe("/home");
    expectCleared(unknown);
    // The cookie holds the token itself (issue 12, item 5): its value is the bearer token.
    const cookieValue = verified.cookie.slice("token=".length);
    expect(statusOf(await visit(commitmentsLoader, "/my_commitments", bearer(cookieValue)))).toBe(200);
  });
});
