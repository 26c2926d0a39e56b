import { describe, expect, it } from "vitest";
import { whoami } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import { mailOutbox } from "~/.server/db/schema.server";
import { loader as commitmentsLoader } from "~/routes/_default.my_commitments/route";
import ForgotPassword, { action as forgotAction } from "~/routes/_main.home.forgot-password";
import { action as newPasswordAction, loader as newPasswordLoader } from "~/routes/_main.home.$newPasswordPage";
import { action as loginAction } from "~/routes/_main.home.login";
import {
  authText,
  codeIn,
  cookiePair,
  lastMailTo,
  linkIn,
  mailsTo,
  otherCode,
  PASSWORD,
  registerMember,
  renderPage,
  setCookie,
  tokenOf,
  verifiedMember,
} from "../support/accounts";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";
import { identityClockForward, sessionCount } from "../support/identity-backend";

type Reply = { status: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };

const NEW_PASSWORD = "Nouveau-cap-2025";

/** The texts of a page's error alerts (role="alert"). */
function alertsIn(html: string): string[] {
  return [...html.matchAll(/<div class="alert alert--error" role="alert">([^<]*)<\/div>/g)].map((match) => match[1]);
}
const RECOVERY_SUBJECT_FR = "Réinitialisation de votre mot de passe Cap";

async function forgot(email: string, headers?: Record<string, string>) {
  const answer = await callWith(forgotAction, buildRequest("/home/forgot-password", { form: { email }, headers }));
  expect(statusOf(answer)).toBe(303);
  const location = headerOf(answer, "Location") ?? "";
  const codeId = location.match(/^\/home\/new-password-([0-9a-f-]{36})$/)?.[1];
  expect(codeId, location).toBeTruthy();
  return { answer, location, codeId: codeId! };
}

const pageOf = (codeId: string) => ({ newPasswordPage: `new-password-${codeId}` });

function openPage(page: string, cookie?: string) {
  return callWith(newPasswordLoader, buildRequest(`/home/${page}`, { cookie }), { params: { newPasswordPage: page } });
}

function choose(codeId: string, form: Record<string, string>, cookie?: string) {
  return callWith(newPasswordAction, buildRequest(`/home/new-password-${codeId}`, { form, cookie }), {
    params: pageOf(codeId),
  });
}

function login(email: string, password: string) {
  return callWith(loginAction, buildRequest("/home/login", { form: { email, password } }), {
    context: { clientIp: "192.0.2.10" },
  });
}

async function recoveryMailsTo(email: string) {
  return (await mailsTo(email)).filter(
    (mail) => mail.subject === RECOVERY_SUBJECT_FR || mail.subject.includes("password"),
  );
}

describe("forgot password", () => {
  it("answers a known and an unknown email the same way: 303 to /home/new-password-{code_id}", async () => {
    await verifiedMember();
    const known = await forgot("marie@example.com");
    const unknown = await forgot("nobody@example.com");
    expect(statusOf(unknown.answer)).toBe(statusOf(known.answer));
    expect(unknown.codeId).not.toBe(known.codeId);
    expect(setCookie(known.answer, "token")).toBeUndefined();
    expect(setCookie(unknown.answer, "token")).toBeUndefined();
    // Both pages are open: nothing on screen tells whether the address has an account.
    expect(await dataOf(await openPage(`new-password-${known.codeId}`))).toMatchObject({ open: true });
    expect(await dataOf(await openPage(`new-password-${unknown.codeId}`))).toMatchObject({ open: true });
  });

  it("only the known address gets an email, with the code and a link to the same page", async () => {
    await verifiedMember({ first: { firstName: "Léa" } });
    const mailsBefore = (await db().select().from(mailOutbox)).length;
    const { codeId } = await forgot("marie@example.com");
    await forgot("nobody@example.com");

    expect((await db().select().from(mailOutbox)).length).toBe(mailsBefore + 1);
    expect(await mailsTo("nobody@example.com")).toHaveLength(0);
    const mail = await lastMailTo("marie@example.com");
    expect(mail.subject).toBe(RECOVERY_SUBJECT_FR);
    expect(mail.text).toMatch(/^Bonjour Léa,/);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(linkIn(mail, "/home/new-password-")).toBe(`/home/new-password-${codeId}`);
  });

  it("sends at most 3 emails per address in 15 minutes; the fourth request is told to wait over the form, known address or not", async () => {
    await verifiedMember();
    const refusals: unknown[] = [];
    for (const email of ["marie@example.com", "nobody@example.com"]) {
      for (let request = 1; request <= 3; request++) await forgot(email);
      const fourth = await callWith(forgotAction, buildRequest("/home/forgot-password", { form: { email } }));
      expect(statusOf(fourth)).toBe(429);
      const reply = await dataOf<Reply>(fourth);
      expect(reply.error).toEqual({ "": ["errors.tooManyResends"] });
      refusals.push({ ...reply, initialValue: { ...reply.initialValue, email: "(the address)" } });

      // SPEC §8: the general message area, the field itself not marked.
      const page = await renderPage(ForgotPassword, {
        path: "/home/forgot-password",
        loaderData: {},
        actionData: reply,
      });
      expect(alertsIn(page)).toEqual([authText("fr", "errors.tooManyResends")]);
      expect(page).not.toMatch(/<input[^>]*aria-invalid/);
    }
    // Nothing tells a known address from an unknown one.
    expect(refusals[0]).toEqual(refusals[1]);
    expect(await recoveryMailsTo("marie@example.com")).toHaveLength(3);
  });

  it("refuses an invalid email under its field, with no general message", async () => {
    const answer = await callWith(forgotAction, buildRequest("/home/forgot-password", { form: { email: "marie@" } }));
    expect(statusOf(answer)).toBe(400);
    const reply = await dataOf<Reply>(answer);
    expect(reply.error?.email).toEqual(["errors.emailInvalid"]);
    const page = await renderPage(ForgotPassword, { path: "/home/forgot-password", loaderData: {}, actionData: reply });
    expect(alertsIn(page)).toEqual([]);
    expect(page).toMatch(/id="forgot-password-email-error"[^>]*><li>Adresse e-mail invalide\.<\/li>/);
  });
});

describe("new password page", () => {
  it("is open for a live code_id, not for a random uuid, garbage, or an expired code", async () => {
    await verifiedMember();
    const { codeId } = await forgot("marie@example.com");
    expect(await dataOf(await openPage(`new-password-${codeId}`))).toMatchObject({ open: true });
    for (const page of [
      "new-password-3f1c2b7e-9d4a-4c1e-8b2f-6a5d4c3b2a10",
      "new-password-garbage",
      "new-password-' or 1=1 --",
    ]) {
      const answer = await openPage(page);
      expect(statusOf(answer), page).toBe(200);
      expect(await dataOf(answer), page).toMatchObject({ open: false });
    }
    identityClockForward(16 * 60 * 1000);
    expect(await dataOf(await openPage(`new-password-${codeId}`))).toMatchObject({ open: false });
  });

  it("/home/something-else through that route answers 404 Page not found", async () => {
    const answer = await openPage("something-else");
    expect(statusOf(answer)).toBe(404);
    expect(await dataOf(answer)).toEqual({
      message: "Page not found: /home/something-else",
      path: "/home/something-else",
    });
    const post = await callWith(newPasswordAction, buildRequest("/home/something-else", { form: {} }), {
      params: { newPasswordPage: "something-else" },
    });
    expect(statusOf(post)).toBe(404);
  });

  it("a wrong code is a 422 field error and changes nothing", async () => {
    await verifiedMember();
    const { codeId } = await forgot("marie@example.com");
    const code = codeIn(await lastMailTo("marie@example.com"));
    const answer = await choose(codeId, {
      code: otherCode(code),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(statusOf(answer)).toBe(422);
    const reply = await dataOf<Reply>(answer);
    expect(reply.error?.code).toEqual(["errors.codeInvalid"]);
    expect(JSON.stringify(reply)).not.toContain(NEW_PASSWORD);
    expect(statusOf(await login("marie@example.com", PASSWORD))).toBe(302);
  });

  it("an unknown email's code_id opens nothing, whatever code is typed", async () => {
    const { codeId } = await forgot("nobody@example.com");
    for (const code of ["000000", "123456"]) {
      const answer = await choose(codeId, { code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(statusOf(answer)).toBe(422);
    }
  });

  it("refuses a short password or a different confirmation before spending the code", async () => {
    await verifiedMember();
    const { codeId } = await forgot("marie@example.com");
    const code = codeIn(await lastMailTo("marie@example.com"));
    const short = await choose(codeId, { code, password: "short", confirmPassword: "short" });
    expect(statusOf(short)).toBe(400);
    expect((await dataOf<Reply>(short)).error?.password).toEqual(["errors.passwordTooShort"]);
    const differ = await choose(codeId, { code, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}!` });
    expect(statusOf(differ)).toBe(400);
    expect((await dataOf<Reply>(differ)).error?.confirmPassword).toEqual(["errors.passwordsDiffer"]);
    expect(await dataOf(await openPage(`new-password-${codeId}`))).toMatchObject({ open: true });
  });

  it("the right code sets the password, ends every earlier session and signs the member in", async () => {
    const member = await verifiedMember();
    const secondDevice = cookiePair(await login(member.email, PASSWORD), "token");
    expect(await sessionCount(member.identityId)).toBe(2);

    const { codeId } = await forgot(member.email);
    const code = codeIn(await lastMailTo(member.email));
    const answer = await choose(codeId, { code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe("/");
    const cookie = setCookie(answer, "token") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const newCookie = cookiePair(answer, "token");

    // Every session from before is gone; the new one works.
    expect(await whoami(member.token)).toBeNull();
    expect(await whoami(await tokenOf(secondDevice))).toBeNull();
    expect(
      headerOf(
        await callWith(commitmentsLoader, buildRequest("/my_commitments", { cookie: member.cookie })),
        "Location",
      ),
    ).toBe("/home");
    expect(statusOf(await callWith(commitmentsLoader, buildRequest("/my_commitments", { cookie: newCookie })))).toBe(
      200,
    );
    expect(await sessionCount(member.identityId)).toBe(1);

    // The old password no longer logs in; the new one does.
    const old = await login(member.email, PASSWORD);
    expect(statusOf(old)).toBe(401);
    expect(statusOf(await login(member.email, NEW_PASSWORD))).toBe(302);
  });

  it("the code cannot be used twice", async () => {
    await verifiedMember();
    const { codeId } = await forgot("marie@example.com");
    const code = codeIn(await lastMailTo("marie@example.com"));
    expect(statusOf(await choose(codeId, { code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))).toBe(303);
    expect(await dataOf(await openPage(`new-password-${codeId}`))).toMatchObject({ open: false });

    const again = await choose(codeId, { code, password: "Third-password-1", confirmPassword: "Third-password-1" });
    expect(statusOf(again)).toBe(422);
    expect((await dataOf<Reply>(again)).error?.code).toEqual(["errors.codeExpired"]);
    expect(statusOf(await login("marie@example.com", NEW_PASSWORD))).toBe(302);
    expect(statusOf(await login("marie@example.com", "Third-password-1"))).toBe(401);
  });

  it("after 5 wrong codes even the right one fails; a newer request replaces an older code", async () => {
    await verifiedMember();
    const first = await forgot("marie@example.com");
    const firstCode = codeIn(await lastMailTo("marie@example.com"));
    const second = await forgot("marie@example.com");
    const secondCode = codeIn(await lastMailTo("marie@example.com"));
    expect(
      statusOf(await choose(first.codeId, { code: firstCode, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })),
    ).toBe(422);

    for (let attempt = 1; attempt <= 5; attempt++) {
      await choose(second.codeId, {
        code: otherCode(secondCode),
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
    }
    const exhausted = await choose(second.codeId, {
      code: secondCode,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(statusOf(exhausted)).toBe(422);
    expect(await dataOf(await openPage(`new-password-${second.codeId}`))).toMatchObject({ open: false });
    expect(statusOf(await login("marie@example.com", PASSWORD))).toBe(302);
  });

  it("recovering an unverified account verifies its address (the code proved it)", async () => {
    const member = await registerMember();
    const { codeId } = await forgot(member.email);
    const code = codeIn(await lastMailTo(member.email));
    const answer = await choose(codeId, { code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(
      statusOf(
        await callWith(commitmentsLoader, buildRequest("/my_commitments", { cookie: cookiePair(answer, "token") })),
      ),
    ).toBe(200);
  });
});
