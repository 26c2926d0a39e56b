import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { rateLimitEvents, securityEvents } from "~/.server/db/schema.server";
import { action as loginAction } from "~/routes/_main.home.login";
import { action as forgotAction } from "~/routes/_main.home.forgot-password";
import { action as newPasswordAction } from "~/routes/_main.home.$newPasswordPage";
import { loader as verificationLoader } from "~/routes/_home.account_verification";
import { action as profileAction } from "~/routes/_default.profile/route";
import {
  codeIn,
  lastMailTo,
  linkIn,
  otherCode,
  PASSWORD,
  registerMember,
  setCookie,
  verifiedMember,
} from "../support/accounts";
import { buildRequest, callWith, headerOf, statusOf } from "../support/http";

/**
 * Issue 25, item 1: limits a stranger cannot turn against a member. Everyone behind one proxy
 * (TRUST_PROXY unset) shares PROXY; a browser that signed in to an account before carries a
 * device cookie naming it, and keeps signing in to it while strangers are throttled.
 */
const PROXY = "10.0.0.1";
const NEW_PASSWORD = "Nouveau-cap-2025";
const at = (ip: string): { context: AppLoadContext } => ({ context: { clientIp: ip } });

function login(email: string, password: string, options: { ip?: string; device?: string } = {}) {
  const form = { email, password };
  return callWith(loginAction, buildRequest("/home/login", { form, cookie: options.device }), at(options.ip ?? PROXY));
}

/** The device cookie ("device=…") a sign-in left in the browser, or "" when it left none. */
const deviceOf = (answer: unknown) => setCookie(answer, "device")?.split(";")[0] ?? "";

/** A verified member whose browser signed in once (from behind the proxy): its device cookie. */
async function memberWithKnownBrowser() {
  const member = await verifiedMember();
  const signedIn = await login(member.email, PASSWORD);
  expect(statusOf(signedIn)).toBe(302);
  return { member, device: deviceOf(signedIn) };
}

const eventsOf = (memberId: string, kind: string) =>
  db()
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.memberId, memberId), eq(securityEvents.kind, kind)));

const forgot = (email: string, ip = PROXY, device?: string) =>
  callWith(forgotAction, buildRequest("/home/forgot-password", { form: { email }, cookie: device }), at(ip));
const codeIdOf = (answer: unknown) => (headerOf(answer, "Location") ?? "").replace("/home/new-password-", "");
function choose(codeId: string, code: string, ip = PROXY, device?: string) {
  const form = { code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
  return callWith(newPasswordAction, buildRequest(`/home/new-password-${codeId}`, { form, cookie: device }), {
    params: { newPasswordPage: `new-password-${codeId}` },
    ...at(ip),
  });
}

/** Moves the recorded limit events `minutes` into the past. */
async function minutesLater(minutes: number) {
  await db()
    .update(rateLimitEvents)
    .set({ createdAt: new Date(Date.now() - minutes * 60 * 1000) });
}

describe("a browser that signed in before keeps signing in", () => {
  it("30 wrong passwords from the shared address: the member's known browser signs in, a stranger's gets 429", async () => {
    const { member, device } = await memberWithKnownBrowser();
    expect(device).toMatch(/^device=.+/);
    for (let attempt = 1; attempt <= 30; attempt++)
      expect(statusOf(await login(`guess${attempt}@example.com`, "wrong-password"))).toBe(401);

    expect(statusOf(await login(member.email, PASSWORD, { device }))).toBe(302);
    expect(statusOf(await login(member.email, PASSWORD))).toBe(429);
  }, 90_000);

  it("50 failures from 10 addresses lock strangers out of the account, not its owner's browser; the owner is told once", async () => {
    const { member, device } = await memberWithKnownBrowser();
    for (let address = 1; address <= 10; address++)
      for (let attempt = 1; attempt <= 5; attempt++)
        expect(statusOf(await login(member.email, `wrong-${attempt}`, { ip: `198.51.100.${address}` }))).toBe(401);
    // Strangers, wherever they are, meet the account's ceiling…
    expect(statusOf(await login(member.email, PASSWORD, { ip: "198.51.100.77" }))).toBe(429);
    expect(statusOf(await login(member.email, "wrong-again", { ip: "198.51.100.78" }))).toBe(429);
    // …the owner's browser does not, from any address.
    expect(statusOf(await login(member.email, PASSWORD, { device, ip: "192.0.2.200" }))).toBe(302);
    expect(await eventsOf(member.memberId, "signIn.lockedOut")).toHaveLength(1);
  }, 90_000);

  it("a known browser's own failures lock that browser alone for 15 minutes", async () => {
    const { member, device } = await memberWithKnownBrowser();
    const other = deviceOf(await login(member.email, PASSWORD, { ip: "192.0.2.9" }));
    for (let attempt = 1; attempt <= 5; attempt++)
      expect(statusOf(await login(member.email, `wrong-${attempt}`, { device }))).toBe(401);
    expect(statusOf(await login(member.email, PASSWORD, { device }))).toBe(429);
    // Neither another browser of the member's nor a stranger elsewhere is held back by it.
    expect(statusOf(await login(member.email, PASSWORD, { device: other }))).toBe(302);
    expect(statusOf(await login(member.email, PASSWORD, { ip: "203.0.113.40" }))).toBe(302);
    await minutesLater(16);
    expect(statusOf(await login(member.email, PASSWORD, { device }))).toBe(302);
  });

  it("the device cookie is httpOnly, SameSite=Lax, a year long, and cannot be forged for another account", async () => {
    const { member, device } = await memberWithKnownBrowser();
    const signedIn = await login(member.email, PASSWORD, { device });
    const whole = setCookie(signedIn, "device") ?? "";
    expect(whole).toMatch(/HttpOnly/i);
    expect(whole).toMatch(/SameSite=Lax/i);
    expect(whole).toMatch(/Max-Age=31536000/);
    // A cookie whose signature does not match is a stranger's: the address's limit holds it back.
    const forged = `${device.slice(0, -2)}${device.endsWith("AA") ? "BB" : "AA"}`;
    for (let attempt = 1; attempt <= 30; attempt++) await login(`guess${attempt}@example.com`, "wrong-password");
    expect(statusOf(await login(member.email, PASSWORD, { device: forged }))).toBe(429);
    // A browser known to one account is a stranger to another.
    const other = await verifiedMember({ email: "pierre@example.com" });
    expect(statusOf(await login(other.email, PASSWORD, { device }))).toBe(429);
  }, 90_000);

  it("a sign-in from a browser without the account's device cookie is recorded as a new device; a known one is not", async () => {
    const { member, device } = await memberWithKnownBrowser();
    expect(await eventsOf(member.memberId, "signIn.newDevice")).toHaveLength(1);
    expect(statusOf(await login(member.email, PASSWORD, { device }))).toBe(302);
    expect(await eventsOf(member.memberId, "signIn.newDevice")).toHaveLength(1);
    expect(statusOf(await login(member.email, PASSWORD, { ip: "192.0.2.10" }))).toBe(302);
    expect(await eventsOf(member.memberId, "signIn.newDevice")).toHaveLength(2);
  });
});

/** 20 wrong recovery codes from `ip`, over four addresses (five each, so each code dies). */
async function wrongCodesFrom(ip: string) {
  for (const email of ["a@example.com", "b@example.com", "c@example.com", "d@example.com"]) {
    const codeId = codeIdOf(await forgot(email, ip));
    for (let attempt = 1; attempt <= 5; attempt++) await choose(codeId, "123456", ip);
  }
}

describe("wrong codes cannot make an unguessable link fail", () => {
  it("after 20 wrong codes from the shared address, the verification email's link still verifies from there", async () => {
    await wrongCodesFrom(PROXY);
    const member = await registerMember();
    const link = linkIn(await lastMailTo(member.email), "/account_verification");
    const answer = await callWith(verificationLoader, buildRequest(link), at(PROXY));
    expect(statusOf(answer)).toBe(200);
    expect((answer as { linkVerified?: boolean }).linkVerified).toBe(true);
  });
});

describe("twelve requests no longer lock an owner out of recovery and email change for a day", () => {
  /** The twelve requests: two recovery codes asked for the owner's address, five wrong tries each. */
  async function twelveRequests(email: string) {
    for (let round = 0; round < 2; round++) {
      const codeId = codeIdOf(await forgot(email, "203.0.113.66"));
      for (let attempt = 1; attempt <= 5; attempt++) await choose(codeId, "000000", "203.0.113.66");
    }
  }

  it("from a browser the owner signed in with, recovery opens at once", async () => {
    const { member, device } = await memberWithKnownBrowser();
    await twelveRequests(member.email);
    const asked = await forgot(member.email, PROXY, device);
    expect(statusOf(asked)).toBe(303);
    const right = codeIn(await lastMailTo(member.email));
    expect(statusOf(await choose(codeIdOf(asked), right, PROXY, device))).toBe(303);
  });

  it("from an unknown browser, the lock ends after an hour, not a day", async () => {
    const member = await verifiedMember();
    await twelveRequests(member.email);
    await minutesLater(61);
    const asked = await forgot(member.email, "192.0.2.33");
    expect(statusOf(asked)).toBe(303);
    const right = codeIn(await lastMailTo(member.email));
    expect(statusOf(await choose(codeIdOf(asked), otherCode(right), "192.0.2.33"))).toBe(422);
    expect(statusOf(await choose(codeIdOf(asked), right, "192.0.2.33"))).toBe(303);
  });

  it("the browser that recovered the account is known to it from then on", async () => {
    const member = await verifiedMember();
    const asked = await forgot(member.email, "192.0.2.44");
    const recovered = await choose(codeIdOf(asked), codeIn(await lastMailTo(member.email)), "192.0.2.44");
    expect(statusOf(recovered)).toBe(303);
    const device = deviceOf(recovered);
    for (let attempt = 1; attempt <= 30; attempt++) await login(`guess${attempt}@example.com`, "wrong-password");
    expect(statusOf(await login(member.email, NEW_PASSWORD, { device }))).toBe(302);
    expect(statusOf(await login(member.email, NEW_PASSWORD))).toBe(429);
  }, 90_000);

  it("the owner, signed in on a known browser, still changes their email", async () => {
    const { member, device } = await memberWithKnownBrowser();
    await twelveRequests(member.email);
    const cookie = `${member.cookie}; ${device}`;
    const post = (form: Record<string, string>) =>
      callWith(profileAction, buildRequest("/profile", { form, cookie }), at(PROXY));
    expect(statusOf(await post({ intent: "email", email: "nouvelle@example.com", currentPassword: PASSWORD }))).toBe(
      303,
    );
    const confirmed = await post({ intent: "confirmEmail", code: codeIn(await lastMailTo("nouvelle@example.com")) });
    expect(statusOf(confirmed)).toBe(303);
  });
});
