import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { rateLimitEvents } from "~/.server/db/schema.server";
import { action as verificationAction } from "~/routes/_home.account_verification";
import { action as forgotAction } from "~/routes/_main.home.forgot-password";
import { action as newPasswordAction } from "~/routes/_main.home.$newPasswordPage";
import { action as loginAction } from "~/routes/_main.home.login";
import { callWith, codeIn, lastMailTo, otherCode, PASSWORD, registerMember, verifiedMember } from "../support/accounts";
import { buildRequest, dataOf, headerOf, statusOf } from "../support/http";

/**
 * Issue 11, item 2: a 6-digit code cannot be brute-forced by asking for new codes. Wrong codes
 * are counted per identity across every code and flow: 10 a day, then even the right code waits.
 */
type Reply = { error?: Record<string, string[] | null> };
const NEW_PASSWORD = "Nouveau-cap-2025";

async function forgot(email: string) {
  const answer = await callWith(forgotAction, buildRequest("/home/forgot-password", { form: { email } }));
  return (headerOf(answer, "Location") ?? "").replace("/home/new-password-", "");
}

function choose(codeId: string, code: string) {
  const form = { code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
  return callWith(newPasswordAction, buildRequest(`/home/new-password-${codeId}`, { form }), {
    params: { newPasswordPage: `new-password-${codeId}` },
  });
}

const login = (password: string) =>
  callWith(loginAction, buildRequest("/home/login", { form: { email: "marie@example.com", password } }), { context: { clientIp: "192.0.2.7" } });

/** Moves every recorded miss a day and an hour into the past. */
const aDayLater = () => db().update(rateLimitEvents).set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });

describe("codes cannot be guessed by asking for more of them", () => {
  it("recovery: after 10 wrong codes over two codes, a third code is refused even when right, for a day", async () => {
    await verifiedMember();
    // Each request issues a fresh code (earlier ones stop working): 5 wrong tries on each.
    for (let round = 0; round < 2; round++) {
      const codeId = await forgot("marie@example.com");
      const right = codeIn(await lastMailTo("marie@example.com"));
      for (let attempt = 1; attempt <= 5; attempt++) expect(statusOf(await choose(codeId, otherCode(right)))).toBe(422);
    }
    const third = await forgot("marie@example.com");
    const right = codeIn(await lastMailTo("marie@example.com"));
    const refused = await choose(third, right);
    expect(statusOf(refused)).toBe(429);
    expect((await dataOf<Reply>(refused)).error?.code).toEqual(["errors.codeTooManyTries"]);
    // Nothing changed: the old password still opens the account.
    expect(statusOf(await login(PASSWORD))).toBe(302);

    await aDayLater();
    expect(statusOf(await choose(third, right))).toBe(303);
  });

  it("an honest member who mistypes twice still gets in", async () => {
    await verifiedMember();
    const codeId = await forgot("marie@example.com");
    const right = codeIn(await lastMailTo("marie@example.com"));
    expect(statusOf(await choose(codeId, otherCode(right)))).toBe(422);
    expect(statusOf(await choose(codeId, otherCode(right)))).toBe(422);
    expect(statusOf(await choose(codeId, right))).toBe(303);
  });

  it("verification: resending codes brings no new tries once 10 wrong ones were typed", async () => {
    const member = await registerMember();
    const submit = (form: Record<string, string>) =>
      callWith(verificationAction, buildRequest("/account_verification", { form, cookie: member.cookie }));
    for (let round = 0; round < 2; round++) {
      const right = codeIn(await lastMailTo(member.email));
      for (let attempt = 1; attempt <= 5; attempt++) await submit({ intent: "verify", code: otherCode(right) });
      await submit({ intent: "resend" });
    }
    const refused = await submit({ intent: "verify", code: codeIn(await lastMailTo(member.email)) });
    expect(statusOf(refused)).toBe(429);
    expect((await dataOf<Reply>(refused)).error?.code).toEqual(["errors.codeTooManyTries"]);
  });
});
