import { db } from "~/.server/db/client.server";
import { checkPassword, createSession, normalizeEmail } from "~/.server/identity/embedded.server";
import { clearEvents, countRecent, recordEvent } from "~/.server/rate-limit/rate-limit.server";

/** Brute-force limits (issue 3): per email and per IP, failures within 15 minutes. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 30;

export type LoginResult = { ok: true; token: string } | { ok: false; error: "invalidCredentials" | "tooManyAttempts" };

export async function login(email: string, password: string, ip: string): Promise<LoginResult> {
  const key = normalizeEmail(email);
  const [byEmail, byIp] = await Promise.all([
    countRecent("login-email", key, LOGIN_WINDOW_MS),
    countRecent("login-ip", ip, LOGIN_WINDOW_MS),
  ]);
  if (byEmail >= MAX_FAILURES_PER_EMAIL || byIp >= MAX_FAILURES_PER_IP) return { ok: false, error: "tooManyAttempts" };

  const identityId = await checkPassword(key, password);
  if (!identityId) {
    await Promise.all([recordEvent("login-email", key), recordEvent("login-ip", ip)]);
    return { ok: false, error: "invalidCredentials" };
  }
  await clearEvents("login-email", key);
  const session = await createSession(db(), identityId);
  return { ok: true, token: session.token };
}
