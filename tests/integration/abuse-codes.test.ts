import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { rateLimitEvents } from "~/.server/db/schema.server";
import { action as verificationAction } from "~/routes/_home.account_verification";
import { action as profileAction } from "~/routes/_default.profile/route";
import { action as forgotAction } from "~/routes/_main.home.forgot-password";
import { action as newPasswordAction } from "~/routes/_main.home.$newPasswordPage";
import { action as loginAction } from "~/routes/_main.home.login";
import { codeIn, lastMailTo, mailsTo, otherCode, PASSWORD, registerMember, verifiedMember } from "../support/accounts";
import { answerOf, buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";
import { endpointAt } from "../support/endpoints";

const recoveryApi = endpointAt("/api/recovery").action;
const emailApi = endpointAt("/api/profile/email").action;
const emailConfirmApi = endpointAt("/api/profile/email/confirm").action;

/**
 * Issue 11, item 2: a 6-digit code cannot be brute-forced by asking for new codes. Wrong codes
 * from strangers are counted per identity across every code and flow (10 an hour since issue 25,
 * a day before; verification codes 10 a day as well) and per client address (20 an hour); codes
 * are issued at most 3 an address in 15 minutes, 10 a day, 20 a client address an hour. Browsers
 * known to the account, and the email's links: lockouts.test.ts.
 */
type Reply = { error?: Record<string, string[] | null> };
const NEW_PASSWORD = "Nouveau-cap-2025";
const HOME = "192.0.2.7";
const ELSEWHERE = "203.0.113.50";
const at = (ip: string): { context: AppLoadContext } => ({ context: { clientIp: ip } });

const forgot = (email: string, ip = HOME) =>
  callWith(forgotAction, buildRequest("/home/forgot-password", { form: { email } }), at(ip));
const codeIdOf = (answer: unknown) => (headerOf(answer, "Location") ?? "").replace("/home/new-password-", "");

function choose(codeId: string, code: string, ip = HOME) {
  const form = { code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
  return callWith(newPasswordAction, buildRequest(`/home/new-password-${codeId}`, { form }), {
    params: { newPasswordPage: `new-password-${codeId}` },
    ...at(ip),
  });
}

const login = (password: string) =>
  callWith(loginAction, buildRequest("/home/login", { form: { email: "marie@example.com", password } }), at(HOME));

/** Moves every recorded event (or those of one bucket) `minutes` into the past (a day and an hour by default). */
async function later(bucket?: string, minutes = 25 * 60) {
  const past = { createdAt: new Date(Date.now() - minutes * 60 * 1000) };
  if (bucket) await db().update(rateLimitEvents).set(past).where(eq(rateLimitEvents.bucket, bucket));
  else await db().update(rateLimitEvents).set(past);
}

const errorsOf = async (answer: unknown) => (await dataOf<Reply>(answer)).error;

describe("recovery codes cannot be guessed by asking for more of them", () => {
  it("20 requests with 4 wrong codes each: 10 wrong codes are checked, then no code opens (even the right one) for an hour", async () => {
    await verifiedMember();
    const statuses: number[] = [];
    let open = { codeId: "", right: "" };
    for (let request = 1; request <= 20; request++) {
      const asked = await forgot("marie@example.com");
      if (statusOf(asked) !== 303) {
        // Once the day's wrong codes are spent, no new code is even sent.
        expect(statusOf(asked), `request ${request}`).toBe(429);
        expect((await errorsOf(asked))?.[""]).toEqual(["errors.codeTooManyTries"]);
        continue;
      }
      open = { codeId: codeIdOf(asked), right: codeIn(await lastMailTo("marie@example.com")) };
      for (let attempt = 1; attempt <= 4; attempt++)
        statuses.push(statusOf(await choose(open.codeId, otherCode(open.right))));
    }
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    expect(await mailsTo("marie@example.com")).toHaveLength(2 + 3); // verification, welcome, three codes

    const refused = await choose(open.codeId, open.right);
    expect(statusOf(refused)).toBe(429);
    expect((await errorsOf(refused))?.code).toEqual(["errors.codeTooManyTries"]);
    // Nothing changed: the old password still opens the account.
    expect(statusOf(await login(PASSWORD))).toBe(302);

    await later(undefined, 59);
    expect(statusOf(await choose(open.codeId, open.right))).toBe(429);
    await later(undefined, 61);
    expect(statusOf(await choose(open.codeId, open.right))).toBe(303);
  });

  it("an honest member who mistypes twice still gets in", async () => {
    await verifiedMember();
    const codeId = codeIdOf(await forgot("marie@example.com"));
    const right = codeIn(await lastMailTo("marie@example.com"));
    expect(statusOf(await choose(codeId, otherCode(right)))).toBe(422);
    expect(statusOf(await choose(codeId, otherCode(right)))).toBe(422);
    expect(statusOf(await choose(codeId, right))).toBe(303);
  });

  it("20 wrong codes from one client address over several emails: from there no code opens for an hour, from home it does", async () => {
    await verifiedMember();
    for (const email of ["a@example.com", "b@example.com", "c@example.com", "d@example.com"]) {
      const codeId = codeIdOf(await forgot(email, ELSEWHERE));
      for (let attempt = 1; attempt <= 5; attempt++)
        expect(statusOf(await choose(codeId, "123456", ELSEWHERE))).toBe(422);
    }
    const codeId = codeIdOf(await forgot("marie@example.com", ELSEWHERE));
    const right = codeIn(await lastMailTo("marie@example.com"));
    const refused = await choose(codeId, right, ELSEWHERE);
    expect(statusOf(refused)).toBe(429);
    expect((await errorsOf(refused))?.code).toEqual(["errors.codeTooManyTriesFromHere"]);
    expect(statusOf(await choose(codeId, right, HOME))).toBe(303);
  });

  it("codes asked for: 3 an address in 15 minutes, from anywhere; a fourth is refused and the third code still opens", async () => {
    await verifiedMember();
    let third = "";
    for (let request = 1; request <= 3; request++) {
      const asked = await forgot("marie@example.com");
      expect(statusOf(asked)).toBe(303);
      third = codeIdOf(asked);
    }
    const fourth = await forgot("Marie@Example.com", ELSEWHERE);
    expect(statusOf(fourth)).toBe(429);
    expect((await errorsOf(fourth))?.[""]).toEqual(["errors.tooManyResends"]);
    expect(await mailsTo("marie@example.com")).toHaveLength(2 + 3); // verification, welcome, three codes
    expect(statusOf(await choose(third, codeIn(await lastMailTo("marie@example.com"))))).toBe(303);
  });

  it("codes asked for: 10 an address a day, even spaced more than 15 minutes apart", async () => {
    await verifiedMember();
    for (let request = 1; request <= 10; request++) {
      if (request % 3 === 1) await later("recovery-mail");
      expect(statusOf(await forgot("marie@example.com")), `request ${request}`).toBe(303);
    }
    await later("recovery-mail");
    const eleventh = await forgot("marie@example.com", ELSEWHERE);
    expect(statusOf(eleventh)).toBe(429);
    expect((await errorsOf(eleventh))?.[""]).toEqual(["errors.tooManyCodeRequests"]);
    expect(await mailsTo("marie@example.com")).toHaveLength(2 + 10);
  });

  it("one client address asks for 20 codes an hour whatever the emails; the API answers 429 in its documented shape", async () => {
    for (let request = 1; request <= 20; request++)
      expect(statusOf(await forgot(`someone${request}@example.com`, ELSEWHERE))).toBe(303);
    expect(statusOf(await forgot("someone21@example.com", ELSEWHERE))).toBe(429);
    expect(statusOf(await forgot("someone21@example.com", HOME))).toBe(303);

    const api = await answerOf(
      recoveryApi({
        request: buildRequest("/api/recovery?locale=en", { json: { email: "someone22@example.com" } }),
        params: {},
        ...at(ELSEWHERE),
      }),
    );
    expect(api.status).toBe(429);
    expect((await checkedJson(api, "/api/recovery", "post")).errors.base).toEqual([
      "Too many codes were asked for, for this address or from your connection. Try again later (within 24 hours).",
    ]);
  });
});

describe("verification and email-change codes share the limits", () => {
  it("verification: resending codes brings no new tries once 10 wrong ones were typed", async () => {
    const member = await registerMember();
    const submit = (form: Record<string, string>) =>
      callWith(verificationAction, buildRequest("/account_verification", { form, cookie: member.cookie }), at(HOME));
    for (let round = 0; round < 2; round++) {
      const right = codeIn(await lastMailTo(member.email));
      for (let attempt = 1; attempt <= 5; attempt++) await submit({ intent: "verify", code: otherCode(right) });
      await submit({ intent: "resend" });
    }
    const refused = await submit({ intent: "verify", code: codeIn(await lastMailTo(member.email)) });
    expect(statusOf(refused)).toBe(429);
    expect((await errorsOf(refused))?.code).toEqual(["errors.codeTooManyTries"]);
    // Only the registering session types these: its day's limit holds an hour later (the link does not meet it).
    await later(undefined, 61);
    const stillRefused = await submit({ intent: "verify", code: codeIn(await lastMailTo(member.email)) });
    expect(statusOf(stillRefused)).toBe(429);
  });

  it("verification: a client address that typed 20 wrong recovery codes cannot verify from there, and can from home", async () => {
    for (const email of ["a@example.com", "b@example.com", "c@example.com", "d@example.com"]) {
      const codeId = codeIdOf(await forgot(email, ELSEWHERE));
      for (let attempt = 1; attempt <= 5; attempt++) await choose(codeId, "123456", ELSEWHERE);
    }
    const member = await registerMember();
    const code = codeIn(await lastMailTo(member.email));
    const verify = (ip: string) =>
      callWith(
        verificationAction,
        buildRequest("/account_verification", { form: { intent: "verify", code }, cookie: member.cookie }),
        at(ip),
      );
    const refused = await verify(ELSEWHERE);
    expect(statusOf(refused)).toBe(429);
    expect((await errorsOf(refused))?.code).toEqual(["errors.codeTooManyTriesFromHere"]);
    expect(statusOf(await verify(HOME))).toBe(303);
  });

  it("email change: 10 wrong codes over two requests, then the third code is refused even when right for an hour, page and API", async () => {
    const member = await verifiedMember();
    const send = async (fn: typeof emailApi, path: string, json: unknown) =>
      await answerOf(
        fn({
          request: buildRequest(path, { json, headers: { Authorization: `Bearer ${member.token}` } }),
          params: {},
          ...at(HOME),
        }),
      );
    const ask = () => send(emailApi, "/api/profile/email", { email: "new@example.com", current_password: PASSWORD });
    for (let round = 0; round < 2; round++) {
      expect((await ask()).status).toBe(202);
      const right = codeIn(await lastMailTo("new@example.com"));
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await send(emailConfirmApi, "/api/profile/email/confirm", { code: otherCode(right) })).status).toBe(
          422,
        );
      }
    }
    expect((await ask()).status).toBe(202);
    const right = codeIn(await lastMailTo("new@example.com"));
    const refused = await send(emailConfirmApi, "/api/profile/email/confirm", { code: right });
    expect(refused.status).toBe(429);
    expect((await checkedJson(refused, "/api/profile/email/confirm", "post")).errors.code).toEqual([
      "Trop de codes erronés pour ce compte. Patientez une heure, ou réessayez depuis un appareil où vous vous êtes déjà connecté·e.",
    ]);
    const page = await callWith(
      profileAction,
      buildRequest("/profile", { form: { intent: "confirmEmail", code: right }, cookie: member.cookie }),
      at(HOME),
    );
    expect(statusOf(page)).toBe(429);
    expect((await errorsOf(page))?.code).toEqual(["errors.codeTooManyTries"]);
    // The account kept its address; an hour later the code is taken.
    expect(statusOf(await login(PASSWORD))).toBe(302);
    await later(undefined, 61);
    const confirmed = await send(emailConfirmApi, "/api/profile/email/confirm", { code: right });
    expect((await checkedJson(confirmed, "/api/profile/email/confirm", "post")).profile.email).toBe("new@example.com");
  });
});
