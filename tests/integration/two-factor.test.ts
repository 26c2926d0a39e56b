import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rememberDeviceCookie } from "~/.server/auth/second-step.server";
import { db } from "~/.server/db/client.server";
import { appUsers, securityEvents } from "~/.server/db/schema.server";
import { stepAt, totpCode } from "~/.server/secrets/totp.server";
import SecondStepPage, {
  action as secondStepAction,
  loader as secondStepLoader,
} from "~/routes/_main.home.login_.second-factor";
import { action as loginAction, loader as loginLoader } from "~/routes/_main.home.login";
import { loader as commitmentsLoader } from "~/routes/_default.my_commitments/route";
import { endpoints } from "~/api/endpoints";
import { action as downloadAction } from "~/routes/profile.two-factor.recovery-codes[.]txt";
import TwoFactorPage, {
  action as twoFactorAction,
  loader as twoFactorLoader,
} from "~/routes/_default.profile_.two-factor/route";
import { signOutEverywhere } from "~/.server/admin/members.server";
import { readDevice } from "~/.server/http/device-cookie.server";
import { action as profileAction } from "~/routes/_default.profile/route";
import { action as forgotAction } from "~/routes/_main.home.forgot-password";
import { action as newPasswordAction } from "~/routes/_main.home.$newPasswordPage";
import {
  codeIn,
  cookiePair,
  lastMailTo,
  mailsTo,
  PASSWORD,
  renderPage,
  setCookie,
  type TestMember,
  verifiedMember,
} from "../support/accounts";
import { wrongTotpCode } from "../support/totp";
import { endpointAt } from "../support/endpoints";
import { recoveryCodesPerSet } from "../support/identity-backend";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";

/**
 * Issue 25 item 5: two-factor sign-in as a member notices it — set up from the profile with the
 * password asked again, asked after the password at sign-in (pages and API), wrong codes limited,
 * codes never taken twice, recovery codes, a remembered device, and turned off with the password.
 */
const IP = "203.0.113.25";
const context = { clientIp: IP };
const STEP_MS = 30_000;

type Pairing = { flowId: string; secret: string; qrCode: string; keyGroups: string[] };
type Shown = { pairing?: Pairing; recoveryCodes?: string[]; error?: Record<string, string[] | null> };

// The clock stands still at the start of a 30-second step: a test never sees the app's code
// change under it (nextStep moves it on, as waiting would).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: (stepAt(Date.now()) + 1) * STEP_MS + 1_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock to the next 30-second step, so the app shows a code not yet used. */
function nextStep() {
  vi.setSystemTime(Date.now() + STEP_MS);
}

function postTwoFactor(cookie: string, form: Record<string, string | string[]>) {
  return callWith(twoFactorAction, buildRequest("/profile/two-factor", { form, cookie }), { context });
}

async function startSetup(member: TestMember): Promise<Pairing> {
  const answer = await postTwoFactor(member.cookie, { intent: "start", currentPassword: PASSWORD });
  const shown = await dataOf<Shown>(answer);
  if (!shown.pairing) throw new Error(`setup refused (${statusOf(answer)})`);
  return shown.pairing;
}

/** Turns two-factor sign-in on: the key and the ten recovery codes. */
async function turnOn(member: TestMember): Promise<{ secret: string; codes: string[] }> {
  const { flowId, secret } = await startSetup(member);
  const answer = await postTwoFactor(member.cookie, { intent: "confirm", flowId, secret, code: totpCode(secret) });
  const { recoveryCodes } = await dataOf<Shown>(answer);
  if (!recoveryCodes) throw new Error(`confirmation refused (${statusOf(answer)})`);
  return { secret, codes: recoveryCodes };
}

function signIn(member: TestMember, options: { cookie?: string; redirectAfter?: string; password?: string } = {}) {
  const form = {
    email: member.email,
    password: options.password ?? PASSWORD,
    redirectAfter: options.redirectAfter ?? "/my_commitments",
  };
  return callWith(loginAction, buildRequest("/home/login", { form, cookie: options.cookie }), { context });
}

/** Signs in with the password only: the new session's cookie, which owes its second factor. */
async function halfSignedIn(member: TestMember): Promise<string> {
  const answer = await signIn(member);
  expect(headerOf(answer, "Location")).toBe("/home/login/second-factor?redirect_after=%2Fmy_commitments");
  return cookiePair(answer, "token");
}

function giveCode(cookie: string, form: Record<string, string>) {
  const path = "/home/login/second-factor?redirect_after=%2Fmy_commitments";
  return callWith(secondStepAction, buildRequest(path, { form, cookie }), { context });
}

/** "Forgot password", then the code of its mail and a new password: the new password. */
async function resetPassword(member: TestMember, password: string): Promise<string> {
  const asked = await callWith(forgotAction, buildRequest("/home/forgot-password", { form: { email: member.email } }), {
    context,
  });
  const page = (headerOf(asked, "Location") ?? "").replace("/home/", "");
  const code = codeIn(await lastMailTo(member.email));
  const chosen = await callWith(
    newPasswordAction,
    buildRequest(`/home/${page}`, { form: { code, password, confirmPassword: password } }),
    { params: { newPasswordPage: page }, context },
  );
  expect(statusOf(chosen)).toBe(303);
  return password;
}

function visitCommitments(cookie: string) {
  return callWith(commitmentsLoader, buildRequest("/my_commitments", { cookie }));
}

async function eventsOf(member: TestMember, kind: string) {
  return db()
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.memberId, member.memberId), eq(securityEvents.kind, kind)));
}

describe("setting up two-factor sign-in", () => {
  it("asks the password again, shows the key as a QR code and in text, and takes the app's right code only", async () => {
    const member = await verifiedMember();
    const wrongPassword = await postTwoFactor(member.cookie, { intent: "start", currentPassword: "not-mine-123" });
    expect(statusOf(wrongPassword)).toBe(422);
    expect((await dataOf<Shown>(wrongPassword)).pairing).toBeUndefined();

    const pairing = await startSetup(member);
    expect(pairing.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(pairing.keyGroups.join("")).toBe(pairing.secret);
    expect(pairing.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(pairing.qrCode.split(",")[1], "base64").toString()).toMatch(/^<svg/);

    // A wrong code: refused, and the same key is shown again to try another code.
    const wrong = await postTwoFactor(member.cookie, {
      intent: "confirm",
      flowId: pairing.flowId,
      secret: pairing.secret,
      code: String((Number(totpCode(pairing.secret)) + 500_000) % 1_000_000).padStart(6, "0"),
    });
    expect(statusOf(wrong)).toBe(422);
    expect((await dataOf<Shown>(wrong)).pairing?.secret).toBe(pairing.secret);
    const [stillOff] = await db().select().from(appUsers).where(eq(appUsers.id, member.memberId));
    expect(stillOff.twoFactorSince).toBeNull();

    const right = await postTwoFactor(member.cookie, {
      intent: "confirm",
      flowId: pairing.flowId,
      secret: pairing.secret,
      code: totpCode(pairing.secret),
    });
    const { recoveryCodes } = await dataOf<Shown>(right);
    expect(recoveryCodes).toHaveLength(recoveryCodesPerSet());
    expect(new Set(recoveryCodes).size).toBe(recoveryCodesPerSet());
    expect(await eventsOf(member, "twoFactor.enabled")).toHaveLength(1);

    // The session that set it up goes on; the page says since when, and the codes left.
    expect(statusOf(await visitCommitments(member.cookie))).toBe(200);
    const page = await dataOf<{ state: { since: string | null; recoveryCodesLeft: number } }>(
      await callWith(twoFactorLoader, buildRequest("/profile/two-factor", { cookie: member.cookie })),
    );
    expect(page.state.since).not.toBeNull();
    expect(page.state.recoveryCodesLeft).toBe(recoveryCodesPerSet());
  });

  it("draws the setup page with the QR code, the key in groups of four and a code field, without JavaScript", async () => {
    const member = await verifiedMember();
    const pairing = await startSetup(member);
    const loaderData = await dataOf<object>(
      await callWith(twoFactorLoader, buildRequest("/profile/two-factor", { cookie: member.cookie })),
    );
    const html = await renderPage(TwoFactorPage, { path: "/profile/two-factor", loaderData, actionData: { pairing } });
    expect(html).toContain(`src="${pairing.qrCode}"`);
    expect(html).toContain(pairing.keyGroups.join(" "));
    expect(html).toContain('name="code"');
    expect(html).toContain('value="confirm"');
  });

  it("gives the recovery codes as a text file to download, with a plain form post", async () => {
    const member = await verifiedMember();
    const { codes } = await turnOn(member);
    const answer = await callWith(
      downloadAction,
      buildRequest("/profile/two-factor/recovery-codes.txt", { form: { codes }, cookie: member.cookie }),
    );
    expect(statusOf(answer)).toBe(200);
    expect(headerOf(answer, "Content-Type")).toMatch(/^text\/plain/);
    expect(headerOf(answer, "Content-Disposition")).toMatch(/^attachment; filename="cap-recovery-codes\.txt"/);
    const text = await (answer as Response).text();
    for (const code of codes) expect(text).toContain(code);
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("asks the app's code after the password, keeps redirect_after, and takes a code once only", async () => {
    const member = await verifiedMember();
    const { secret } = await turnOn(member);
    const cookie = await halfSignedIn(member);

    // Every signed-in page sends the half-signed-in session to the second step.
    const visit = await visitCommitments(cookie);
    expect(headerOf(visit, "Location")).toBe("/home/login/second-factor?redirect_after=%2Fmy_commitments");
    expect(statusOf(await callWith(secondStepLoader, buildRequest("/home/login/second-factor", { cookie })))).toBe(200);

    // The code that confirmed the setup was used: this 30-second step is spent.
    const again = await giveCode(cookie, { intent: "totp", code: totpCode(secret) });
    expect(statusOf(again)).toBe(422);

    nextStep();
    const right = await giveCode(cookie, { intent: "totp", code: totpCode(secret) });
    expect(statusOf(right)).toBe(303);
    expect(headerOf(right, "Location")).toBe("/my_commitments");
    expect(statusOf(await visitCommitments(cookie))).toBe(200);

    // The same code on another browser, within the same step: refused.
    const other = await halfSignedIn(member);
    expect(statusOf(await giveCode(other, { intent: "totp", code: totpCode(secret) }))).toBe(422);
  });

  it("limits wrong codes like passwords: after 5, even the right one waits", async () => {
    const member = await verifiedMember();
    const { secret } = await turnOn(member);
    nextStep();
    const cookie = await halfSignedIn(member);
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) expect(statusOf(await giveCode(cookie, { intent: "totp", code: wrong }))).toBe(422);
    const limited = await giveCode(cookie, { intent: "totp", code: totpCode(secret) });
    expect(statusOf(limited)).toBe(429);
    expect(statusOf(await visitCommitments(cookie))).toBe(302);
  });

  it("takes a recovery code once, and says so in the security events", async () => {
    const member = await verifiedMember();
    const { codes } = await turnOn(member);
    const cookie = await halfSignedIn(member);
    // As printed or typed in capitals without dashes: the same code.
    const typed = codes[0].replace(/-/g, "").toUpperCase();
    expect(statusOf(await giveCode(cookie, { intent: "recovery", code: typed }))).toBe(303);
    expect(statusOf(await visitCommitments(cookie))).toBe(200);
    expect(await eventsOf(member, "twoFactor.recoveryCodeUsed")).toHaveLength(1);

    const other = await halfSignedIn(member);
    expect(statusOf(await giveCode(other, { intent: "recovery", code: codes[0] }))).toBe(422);
    expect(statusOf(await giveCode(other, { intent: "recovery", code: codes[1] }))).toBe(303);
    const page = await dataOf<{ state: { recoveryCodesLeft: number } }>(
      await callWith(twoFactorLoader, buildRequest("/profile/two-factor", { cookie: member.cookie })),
    );
    expect(page.state.recoveryCodesLeft).toBe(recoveryCodesPerSet() - 2);
  });

  it("remembers this device for 30 days when asked, and not another browser", async () => {
    const member = await verifiedMember();
    const { secret } = await turnOn(member);
    nextStep();
    const cookie = await halfSignedIn(member);
    const answer = await giveCode(cookie, { intent: "totp", code: totpCode(secret), remember: "on" });
    expect(statusOf(answer)).toBe(303);
    const remembered = setCookie(answer, "remembered_device") ?? "";
    expect(remembered).toMatch(/HttpOnly/);
    expect(remembered).toMatch(/SameSite=Lax/);
    expect(remembered).toMatch(/Max-Age=2592000/);
    // Remembered beside the browser's device cookie (this one had none yet: it gets one).
    const device = `${cookiePair(answer, "device")}; ${cookiePair(answer, "remembered_device")}`;

    // This browser: the password is enough, straight to redirect_after.
    const back = await signIn(member, { cookie: device });
    expect(headerOf(back, "Location")).toBe("/my_commitments");
    const session = cookiePair(back, "token");
    expect(statusOf(await visitCommitments(`${session}; ${device}`))).toBe(200);
    // The same session from a browser without the cookie owes the code.
    expect(statusOf(await visitCommitments(session))).toBe(302);
    // Another browser: the second step.
    await halfSignedIn(member);

    // Past 30 days the browser is asked again.
    const [row] = await db().select().from(appUsers).where(eq(appUsers.id, member.memberId));
    const known = readDevice(device)!;
    const expired = rememberDeviceCookie(member.identityId, row.twoFactorSince!, known, Date.now() - 31 * 86_400_000);
    const late = await signIn(member, { cookie: `${cookiePair(answer, "device")}; ${expired.split(";")[0]}` });
    expect(headerOf(late, "Location")).toMatch(/^\/home\/login\/second-factor/);
  });

  it("binds the remembered device to its browser: copied into another browser it does nothing", async () => {
    const member = await verifiedMember();
    const { secret } = await turnOn(member);
    nextStep();
    const answer = await giveCode(await halfSignedIn(member), {
      intent: "totp",
      code: totpCode(secret),
      remember: "on",
    });
    const remembered = cookiePair(answer, "remembered_device");
    expect(
      headerOf(await signIn(member, { cookie: `${cookiePair(answer, "device")}; ${remembered}` }), "Location"),
    ).toBe("/my_commitments");

    // Another browser that signed in to the account before (its own device cookie), and one with none.
    const elsewhere = await signIn(member);
    const otherDevice = cookiePair(elsewhere, "device");
    for (const copied of [`${otherDevice}; ${remembered}`, remembered]) {
      const there = await signIn(member, { cookie: copied });
      expect(headerOf(there, "Location")).toMatch(/^\/home\/login\/second-factor/);
      expect(statusOf(await visitCommitments(`${cookiePair(there, "token")}; ${copied}`))).toBe(302);
    }
  });

  it("forgets every remembered device on a password change, a reset, or signing out everywhere", async () => {
    const member = await verifiedMember();
    const admin = await verifiedMember({ email: "admin@example.com" });
    const { secret } = await turnOn(member);
    let password = PASSWORD;
    const rememberThisBrowser = async () => {
      nextStep();
      const half = await signIn(member, { password });
      const device = cookiePair(half, "device");
      const answer = await giveCode(`${cookiePair(half, "token")}; ${device}`, {
        intent: "totp",
        code: totpCode(secret),
        remember: "on",
      });
      expect(setCookie(answer, "device")).toBeUndefined();
      const browser = `${device}; ${cookiePair(answer, "remembered_device")}`;
      expect(headerOf(await signIn(member, { password, cookie: browser }), "Location")).toBe("/my_commitments");
      return browser;
    };
    const forgotten = async (browser: string) =>
      expect(headerOf(await signIn(member, { password, cookie: browser }), "Location")).toMatch(
        /^\/home\/login\/second-factor/,
      );

    let browser = await rememberThisBrowser();
    const changed = await callWith(
      profileAction,
      buildRequest("/profile", {
        form: {
          intent: "password",
          currentPassword: password,
          password: "Nouveau-Cap-2025",
          confirmPassword: "Nouveau-Cap-2025",
        },
        cookie: member.cookie,
      }),
      { context },
    );
    expect(headerOf(changed, "Location")).toBe("/profile?saved=password");
    password = "Nouveau-Cap-2025";
    await forgotten(browser);

    vi.setSystemTime(Date.now() + 1);
    browser = await rememberThisBrowser();
    expect(await signOutEverywhere(admin.memberId, member.memberId)).toEqual({ ok: true });
    await forgotten(browser);

    vi.setSystemTime(Date.now() + 1);
    browser = await rememberThisBrowser();
    password = await resetPassword(member, "Encore-Cap-2026");
    await forgotten(browser);
  });

  it("forgets remembered devices when two-factor sign-in is turned off and on again", async () => {
    const member = await verifiedMember();
    const { secret } = await turnOn(member);
    nextStep();
    const cookie = await halfSignedIn(member);
    const answer = await giveCode(cookie, { intent: "totp", code: totpCode(secret), remember: "on" });
    const device = cookiePair(answer, "remembered_device");

    expect(statusOf(await postTwoFactor(member.cookie, { intent: "remove", currentPassword: PASSWORD }))).toBe(303);
    nextStep();
    await turnOn(member);
    const back = await signIn(member, { cookie: device });
    expect(headerOf(back, "Location")).toMatch(/^\/home\/login\/second-factor/);
  });
});

describe("wrong codes after a right password", () => {
  /** A wrong code every few minutes, as a patient guesser types them: never 5 in 15 minutes. */
  async function patientWrongCodes(cookie: string, secret: string, count: number) {
    for (let i = 0; i < count; i++) {
      vi.setSystemTime(Date.now() + 4 * 60_000);
      expect(statusOf(await giveCode(cookie, { intent: "totp", code: wrongTotpCode(secret) }))).toBe(422);
    }
  }
  const wrongCodeNotices = async (member: TestMember) =>
    (await mailsTo(member.email)).filter((mail) => mail.subject === "Quelqu’un connaît votre mot de passe Cap");

  it("stop the app's codes after 100 in a row, however slow; a recovery code opens and starts the count again", async () => {
    const member = await verifiedMember();
    const { secret, codes } = await turnOn(member);
    const cookie = await halfSignedIn(member);
    await patientWrongCodes(cookie, secret, 100);

    // The 101st: the app's right code is refused too, and says what opens the account.
    const stopped = await giveCode(cookie, { intent: "totp", code: totpCode(secret) });
    expect(statusOf(stopped)).toBe(403);
    expect(JSON.stringify(await dataOf(stopped))).toContain("errors.secondFactorCodesStopped");
    expect(statusOf(await visitCommitments(cookie))).toBe(302);

    expect(statusOf(await giveCode(cookie, { intent: "recovery", code: codes[0] }))).toBe(303);
    nextStep();
    const again = await halfSignedIn(member);
    expect(statusOf(await giveCode(again, { intent: "totp", code: totpCode(secret) }))).toBe(303);
    // A hundred requests, each a few queries (and a call to Kratos on the Ory pass).
  }, 90_000);

  it("stop counting from a right code, and open again after a password reset by mail", async () => {
    const member = await verifiedMember();
    const { secret } = await turnOn(member);
    const wrongInARow = (count: number) =>
      db().update(appUsers).set({ wrongSecondFactorCodes: count }).where(eq(appUsers.id, member.memberId));
    // As after 99 wrong codes (the test above types all 100): one more would stop the app's codes.
    await wrongInARow(99);
    nextStep();
    const cookie = await halfSignedIn(member);
    expect(statusOf(await giveCode(cookie, { intent: "totp", code: totpCode(secret) }))).toBe(303);
    const next = await halfSignedIn(member);
    await patientWrongCodes(next, secret, 1);
    nextStep();
    expect(statusOf(await giveCode(next, { intent: "totp", code: totpCode(secret) }))).toBe(303);

    await wrongInARow(100);
    nextStep();
    expect(statusOf(await giveCode(await halfSignedIn(member), { intent: "totp", code: totpCode(secret) }))).toBe(403);
    const password = await resetPassword(member, "Nouveau-Cap-2025");
    nextStep();
    const reset = cookiePair(await signIn(member, { password }), "token");
    expect(statusOf(await giveCode(reset, { intent: "totp", code: totpCode(secret) }))).toBe(303);
  });

  it("mail the owner once that their password is known, with a link to change it, and no 'new device'", async () => {
    const member = await verifiedMember();
    const { secret } = await turnOn(member);
    const cookie = await halfSignedIn(member);
    await patientWrongCodes(cookie, secret, 2);
    expect(await wrongCodeNotices(member)).toHaveLength(0);
    await patientWrongCodes(cookie, secret, 20);
    const [notice, ...more] = await wrongCodeNotices(member);
    expect(more).toHaveLength(0);
    expect(notice.text).toContain("mot de passe est connu de quelqu’un d’autre");
    expect(notice.text).toMatch(/https?:\/\/\S+\/profile#password-title/);
    expect(notice.html).toContain("Changer mon mot de passe");
    expect(await eventsOf(member, "twoFactor.wrongCodes")).toHaveLength(1);
    // The password alone opened nothing: no "your account was opened from a new device".
    expect(await eventsOf(member, "signIn.newDevice")).toHaveLength(0);

    // The owner's right code: now the new device is told of, and a later episode mails again.
    nextStep();
    expect(statusOf(await giveCode(cookie, { intent: "totp", code: totpCode(secret) }))).toBe(303);
    expect(await eventsOf(member, "signIn.newDevice")).toHaveLength(1);
    await patientWrongCodes(await halfSignedIn(member), secret, 3);
    expect(await wrongCodeNotices(member)).toHaveLength(2);
  });

  it("tell it in English to a member who speaks it", async () => {
    const member = await verifiedMember();
    await db().update(appUsers).set({ lang: "en" }).where(eq(appUsers.id, member.memberId));
    const { secret } = await turnOn(member);
    await patientWrongCodes(await halfSignedIn(member), secret, 3);
    const notice = (await mailsTo(member.email)).find((mail) => mail.subject === "Someone knows your Cap password");
    expect(notice?.text).toContain("your password is known to someone else");
  });
});

describe("turning two-factor sign-in off", () => {
  it("needs the password; then the password alone signs in again", async () => {
    const member = await verifiedMember();
    await turnOn(member);
    const refused = await postTwoFactor(member.cookie, { intent: "remove", currentPassword: "not-mine-123" });
    expect(statusOf(refused)).toBe(422);
    await halfSignedIn(member);

    const done = await postTwoFactor(member.cookie, { intent: "remove", currentPassword: PASSWORD });
    expect(headerOf(done, "Location")).toBe("/profile/two-factor?saved=removed");
    expect(await eventsOf(member, "twoFactor.disabled")).toHaveLength(1);
    const back = await signIn(member);
    expect(headerOf(back, "Location")).toBe("/my_commitments");
  });

  it("regenerates the recovery codes with the password: the old ones stop working", async () => {
    const member = await verifiedMember();
    const { codes } = await turnOn(member);
    expect(
      statusOf(await postTwoFactor(member.cookie, { intent: "regenerate", currentPassword: "not-mine-123" })),
    ).toBe(422);
    const fresh = await dataOf<Shown>(
      await postTwoFactor(member.cookie, { intent: "regenerate", currentPassword: PASSWORD }),
    );
    expect(fresh.recoveryCodes).toHaveLength(recoveryCodesPerSet());
    expect(await eventsOf(member, "twoFactor.recoveryCodesRegenerated")).toHaveLength(1);
    const cookie = await halfSignedIn(member);
    expect(statusOf(await giveCode(cookie, { intent: "recovery", code: codes[0] }))).toBe(422);
    expect(statusOf(await giveCode(cookie, { intent: "recovery", code: fresh.recoveryCodes![0] }))).toBe(303);
  });
});

/** Every page behind the signed-in layouts, found on disk: a new page is covered without a list to update. */
const signedInModules = import.meta.glob<{
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
}>(["../../app/routes/_default*.tsx", "../../app/routes/_default*/route.tsx", "../../app/routes/_next*.tsx"]);

describe("the guard with a session that owes its second factor", () => {
  it("sends it to the second step from every signed-in page, loader and action", async () => {
    const member = await verifiedMember();
    await turnOn(member);
    const cookie = await halfSignedIn(member);
    const files = Object.keys(signedInModules);
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const module = await signedInModules[file]();
      for (const [name, fn] of [
        ["loader", module.loader],
        ["action", module.action],
      ] as const) {
        if (!fn) continue;
        const request = buildRequest("/somewhere", { cookie, form: name === "action" ? {} : undefined });
        const answer = await callWith(fn as Parameters<typeof callWith>[0], request, {
          params: {
            id: "x",
            code: "x",
            coach_slug: "x",
            training_slug: "x",
            module_slug: "x",
            part_slug: "x",
            page: "x",
          },
        });
        expect([file, name, headerOf(answer, "Location")]).toEqual([
          file,
          name,
          "/home/login/second-factor?redirect_after=%2Fsomewhere",
        ]);
      }
    }
  });

  it("answers the API 401 'second factor required' for it, on every endpoint that needs a session", async () => {
    const member = await verifiedMember();
    await turnOn(member);
    const token = (await halfSignedIn(member)).split("=")[1];
    const headers = { Authorization: `Bearer ${token}` };
    let checked = 0;
    for (const endpoint of endpoints) {
      const path = endpoint.path.replace(/:\w+/g, "x");
      for (const [method, described, handler] of [
        ["get", endpoint.described.get, endpoint.loader],
        ["post", endpoint.described.post, endpoint.action],
      ] as const) {
        if (!described?.security || !handler) continue;
        const request = buildRequest(`${path}?locale=en`, { method: method.toUpperCase(), headers });
        const answer = (await callWith(handler, request, { params: { id: "x", code: "x", slug: "x" } })) as Response;
        expect([endpoint.path, method, answer.status]).toEqual([endpoint.path, method, 401]);
        const documented = endpoint.path.replace(/:(\w+)/g, "{$1}");
        const body = await checkedJson<{ errors: { base: string[] } }>(answer, documented, method);
        expect(body.errors.base[0]).toMatch(/totp_code/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("sends it from the sign-in pages to the second step, which offers the recovery code and signing out", async () => {
    const member = await verifiedMember();
    await turnOn(member);
    const cookie = await halfSignedIn(member);
    const login = await callWith(loginLoader, buildRequest("/home/login", { cookie }));
    expect(headerOf(login, "Location")).toBe("/home/login/second-factor");
    const loaderData = await dataOf<object>(
      await callWith(secondStepLoader, buildRequest("/home/login/second-factor?redirect_after=%2Fprofile", { cookie })),
    );
    const html = await renderPage(SecondStepPage, { path: "/home/login/second-factor", loaderData });
    expect(html).toContain('name="remember"');
    expect(html).toContain("method=recovery");
    expect(html).toContain('action="/logout"');
  });
});

describe("the API's login", () => {
  const login = endpointAt("/api/dashboard/login").action;
  const post = (body: object) =>
    callWith(login, buildRequest("/api/dashboard/login?locale=en", { json: body }), { context }) as Promise<Response>;

  it("answers 'second factor required' for a right password alone, and the token with a right code", async () => {
    const member = await verifiedMember();
    const { secret, codes } = await turnOn(member);
    const credentials = { email: member.email, password: PASSWORD };

    const bare = await post(credentials);
    expect(bare.status).toBe(401);
    const told = await checkedJson<{ errors: { base: string[] } }>(bare, "/api/dashboard/login", "post");
    expect(told.errors.base[0]).toMatch(/totp_code/);
    expect(told.errors.base[0]).toMatch(/recovery_code/);

    const wrong = await post({ ...credentials, totp_code: "000000" === totpCode(secret) ? "111111" : "000000" });
    expect(wrong.status).toBe(401);

    nextStep();
    const right = await post({ ...credentials, totp_code: totpCode(secret) });
    expect(right.status).toBe(200);
    const token = await checkedJson<string>(right, "/api/dashboard/login", "post");
    const whoami = endpointAt("/api/dashboard/whoami").loader;
    const me = (await callWith(
      whoami,
      buildRequest("/api/dashboard/whoami", { headers: { Authorization: `Bearer ${token}` } }),
    )) as Response;
    expect(me.status).toBe(200);

    const recovered = await post({ ...credentials, recovery_code: codes[3] });
    expect(recovered.status).toBe(200);
    expect((await post({ ...credentials, recovery_code: codes[3] })).status).toBe(401);
  });
});

describe("the profile's two-factor endpoints", () => {
  const bearer = (member: TestMember) => ({ Authorization: `Bearer ${member.token}` });
  async function post(member: TestMember, path: string, json: object) {
    const request = buildRequest(path, { json, headers: bearer(member) });
    return (await callWith(endpointAt(path).action, request, { context })) as Response;
  }

  it("sets up with the password and the app's code, regenerates the codes, and turns it off", async () => {
    const member = await verifiedMember();
    expect((await post(member, "/api/profile/two-factor/setup", { current_password: "not-mine-123" })).status).toBe(
      422,
    );
    const started = await post(member, "/api/profile/two-factor/setup", { current_password: PASSWORD });
    const setup = await checkedJson<{ flow_id: string; secret: string; otpauth_url: string }>(
      started,
      "/api/profile/two-factor/setup",
      "post",
    );
    expect(setup.otpauth_url).toBe(
      `otpauth://totp/Cap:${encodeURIComponent(member.email)}?secret=${setup.secret}&issuer=Cap`,
    );
    const wrongCode = totpCode(setup.secret) === "000000" ? "111111" : "000000";
    const wrong = await post(member, "/api/profile/two-factor/confirm", { flow_id: setup.flow_id, code: wrongCode });
    expect(wrong.status).toBe(422);
    const confirmed = await post(member, "/api/profile/two-factor/confirm", {
      flow_id: setup.flow_id,
      code: totpCode(setup.secret),
    });
    const { recovery_codes } = await checkedJson<{ recovery_codes: string[] }>(
      confirmed,
      "/api/profile/two-factor/confirm",
      "post",
    );
    expect(recovery_codes).toHaveLength(recoveryCodesPerSet());

    const stateRequest = buildRequest("/api/profile/two-factor", { headers: bearer(member) });
    const state = await checkedJson<{ enabled: boolean; recovery_codes_left: number }>(
      (await callWith(endpointAt("/api/profile/two-factor").loader, stateRequest)) as Response,
      "/api/profile/two-factor",
      "get",
    );
    expect(state).toMatchObject({ enabled: true, recovery_codes_left: recoveryCodesPerSet() });

    const fresh = await post(member, "/api/profile/two-factor/recovery-codes", { current_password: PASSWORD });
    expect(
      (await checkedJson<{ recovery_codes: string[] }>(fresh, "/api/profile/two-factor/recovery-codes", "post"))
        .recovery_codes,
    ).not.toEqual(recovery_codes);

    expect((await post(member, "/api/profile/two-factor/remove", { current_password: "not-mine-123" })).status).toBe(
      422,
    );
    const removed = await post(member, "/api/profile/two-factor/remove", { current_password: PASSWORD });
    expect(removed.status).toBe(200);
    const login = endpointAt("/api/dashboard/login").action;
    const back = (await callWith(
      login,
      buildRequest("/api/dashboard/login", { json: { email: member.email, password: PASSWORD } }),
      { context },
    )) as Response;
    expect(back.status).toBe(200);
  });
});
