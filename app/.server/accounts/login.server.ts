import { db } from "~/.server/db/client.server";
import type { Client } from "~/.server/http/client.server";
import { identity, normalizeEmail } from "~/.server/identity/identity-service.server";
import {
  clearEvents,
  countRecent,
  EVENT_RETENTION_MS,
  type Limit,
  recordEvent,
  releaseSlots,
  takeSlots,
} from "~/.server/rate-limit/rate-limit.server";
import { sha256 } from "~/.server/secrets/tokens.server";
import { deviceCookieHeader, deviceKeyFor } from "~/.server/http/device-cookie.server";
import { recordSecurityEvent } from "~/.server/security/security-events.server";
import type { Language } from "~/i18n/config";
import { memberOfIdentity, type SignedIn, whoami } from "./members.server";

/**
 * Brute-force limits. Every attempt takes its slots BEFORE
 * the password is checked, so a burst of parallel guesses gets no more tries than a patient one; a
 * right password gives them back, so only failures count.
 *
 * A browser whose device cookie names the account (secrets/device-cookie.server.ts) counts its
 * failures against that cookie alone: 5 in 15 minutes, then that browser waits. It never meets the
 * limits below, so nobody can fill them to lock a member out of their own browser. Strangers (no
 * such cookie) meet them:
 *  - one email from one address: 5 in 15 minutes — the short lock, which an attacker elsewhere
 *    cannot impose on the member's own address;
 *  - one address, any email: 30 in 15 minutes (spraying many accounts);
 *  - one email, any address: 50 an hour (a distributed guess). When it fills, the owner is told
 *    (a `signIn.lockedOut` security event, once an hour at most) and their known browsers, and
 *    recovery, still let them in.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_PAIR = 5;
export const MAX_FAILURES_PER_IP = 30;
export const EMAIL_WINDOW_MS = 60 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 50;
export const MAX_FAILURES_PER_DEVICE = 5;

/**
 * `lang`: the language the member saved, which the device they sign in on takes on;
 * `deviceCookie`: the Set-Cookie header that makes (or keeps) the browser a known device.
 */
export type LoginResult =
  | { ok: true; token: string; lang: Language | null; deviceCookie: string; signedIn: SignedIn | null }
  | { ok: false; error: "invalidCredentials" | "tooManyAttempts" };

export async function login(email: string, password: string, client: Client): Promise<LoginResult> {
  const key = normalizeEmail(email);
  const device = deviceKeyFor(client.device ?? null, key);
  const limits: Limit[] = device
    ? [{ bucket: "login-device", key: device, max: MAX_FAILURES_PER_DEVICE, windowMs: LOGIN_WINDOW_MS }]
    : strangerLimits(key, client.ip);
  const slots = await takeSlots(limits);
  if (!slots) return { ok: false, error: "tooManyAttempts" };

  const session = await identity().login(key, password, client.userAgent);
  if (!session) {
    if (!device) await tellOwnerOfLockout(key, client);
    return { ok: false, error: "invalidCredentials" };
  }
  // The member is back (at their own address, or on their own browser): those failures are
  // forgotten; the others are not.
  const [forget] = device ? limits : strangerLimits(key, client.ip);
  await Promise.all([releaseSlots(slots), clearEvents(forget.bucket, forget.key)]);
  const signedIn = await whoami(session.token);
  // A browser that was a stranger to the account: the owner hears of it (security notices), once
  // it is in. A password that still owes its second factor opened nothing yet: the session is
  // marked, and the notice waits for the right code (tellOfNewDevice).
  if (signedIn && !device) {
    if (signedIn.twoFactorSince && signedIn.aal !== "aal2") await recordEvent(NEW_DEVICE_MARK, sha256(session.token));
    else await recordSecurityEvent(db(), signedIn.member.id, "signIn.newDevice", client);
  }
  return {
    ok: true,
    token: session.token,
    lang: signedIn?.member.lang ?? null,
    deviceCookie: deviceCookieHeader(client.device ?? null, key),
    // The new session as the guard sees it: callers decide on the second step without asking again.
    signedIn,
  };
}

/** Sessions opened by a password on a stranger's browser, still owing their second factor. */
const NEW_DEVICE_MARK = "second-step-new-device";

/** The second factor was given: a session a stranger's browser opened is now a sign-in to tell of. */
export async function tellOfNewDevice(signedIn: SignedIn, client: Client) {
  const key = sha256(signedIn.token);
  if ((await countRecent(NEW_DEVICE_MARK, key, EVENT_RETENTION_MS)) === 0) return;
  await clearEvents(NEW_DEVICE_MARK, key);
  await recordSecurityEvent(db(), signedIn.member.id, "signIn.newDevice", client);
}

/** The limits of a client without the account's device cookie; the pair's first (a success clears it). */
function strangerLimits(email: string, ip: string): Limit[] {
  return [
    { bucket: "login-pair", key: `${email} ${ip}`, max: MAX_FAILURES_PER_PAIR, windowMs: LOGIN_WINDOW_MS },
    { bucket: "login-ip", key: ip, max: MAX_FAILURES_PER_IP, windowMs: LOGIN_WINDOW_MS },
    { bucket: "login-email", key: email, max: MAX_FAILURES_PER_EMAIL, windowMs: EMAIL_WINDOW_MS },
  ];
}

/**
 * The failure that filled the account's ceiling: strangers are now locked out of it, and its owner
 * is told once — the one notice slot of the hour goes to the first failure to see the ceiling full.
 */
async function tellOwnerOfLockout(email: string, client: Client) {
  if ((await countRecent("login-email", email, EMAIL_WINDOW_MS)) < MAX_FAILURES_PER_EMAIL) return;
  const notice = { bucket: "login-lockout-notice", key: email, max: 1, windowMs: EMAIL_WINDOW_MS };
  if (!(await takeSlots([notice]))) return;
  const identityId = await identity().findIdByEmail(email);
  const member = identityId ? await memberOfIdentity(db(), identityId) : null;
  if (member) await recordSecurityEvent(db(), member.id, "signIn.lockedOut", client);
}

/** Ends the token's session (SPEC §4 logout); false when it had none. */
export function logout(token: string): Promise<boolean> {
  return identity().logout(token);
}
