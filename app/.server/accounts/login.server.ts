import type { Client } from "~/.server/http/client.server";
import { identity, normalizeEmail } from "~/.server/identity/identity-service.server";
import type { Language } from "~/i18n/config";
import { whoami } from "./members.server";
import { clearEvents, releaseSlots, takeSlots } from "~/.server/rate-limit/rate-limit.server";

/**
 * Brute-force limits (issue 3, hardened in issue 11). Every attempt takes its slots BEFORE the
 * password is checked, so a burst of parallel guesses gets no more tries than a patient one; a
 * right password gives them back, so only failures count.
 *  - one email from one address: 5 in 15 minutes — the short lock, which an attacker elsewhere
 *    cannot impose on the member's own address;
 *  - one address, any email: 30 in 15 minutes (spraying many accounts);
 *  - one email, any address: 50 an hour (a distributed guess), a ceiling high enough that a
 *    member is rarely locked out by it, and recovery by email still works when they are.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_PAIR = 5;
export const MAX_FAILURES_PER_IP = 30;
export const EMAIL_WINDOW_MS = 60 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 50;

/** `lang`: the language the member saved, which the device they sign in on takes on. */
export type LoginResult =
  | { ok: true; token: string; lang: Language | null }
  | { ok: false; error: "invalidCredentials" | "tooManyAttempts" };

export async function login(email: string, password: string, client: Client): Promise<LoginResult> {
  const { ip } = client;
  const key = normalizeEmail(email);
  const pair = `${key} ${ip}`;
  const slots = await takeSlots([
    { bucket: "login-pair", key: pair, max: MAX_FAILURES_PER_PAIR, windowMs: LOGIN_WINDOW_MS },
    { bucket: "login-ip", key: ip, max: MAX_FAILURES_PER_IP, windowMs: LOGIN_WINDOW_MS },
    { bucket: "login-email", key, max: MAX_FAILURES_PER_EMAIL, windowMs: EMAIL_WINDOW_MS },
  ]);
  if (!slots) return { ok: false, error: "tooManyAttempts" };

  const session = await identity().login(key, password, client.userAgent);
  if (!session) return { ok: false, error: "invalidCredentials" };
  // The member is back at their own address: its failures are forgotten (the others are not).
  await Promise.all([releaseSlots(slots), clearEvents("login-pair", pair)]);
  const lang = (await whoami(session.token))?.member.lang ?? null;
  return { ok: true, token: session.token, lang };
}

/** Ends the token's session (SPEC §4 logout); false when it had none. */
export function logout(token: string): Promise<boolean> {
  return identity().logout(token);
}
