import { randomBytes } from "node:crypto";
import { cookieAttributes, cookieValue } from "./cookies.server";
import { isSignedFor, signatureFor } from "~/.server/secrets/tokens.server";

/**
 * The device cookie (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that signed in to an account is given a cookie naming that account, and from then on its
 * attempts count against the cookie alone, never against the limits strangers share (per client
 * address, per account). So a stranger who fills those limits — behind the same proxy, or from
 * ten addresses at once — holds back strangers only, and the member's own browser keeps signing in.
 *
 * `device=<payload>.<signature>`: the payload is a random nonce (this browser) and the accounts it
 * signed in to, each as a keyed hash of its normalised email (no address in the cookie), the
 * newest first, at most MAX_ACCOUNTS; the signature is an HMAC with a key derived from
 * SESSION_SECRET, so a cookie cannot be forged or edited to name another account. httpOnly,
 * SameSite=Lax, Secure on https, a year long and renewed by every sign-in. An email change makes
 * the account unknown to its devices until the next sign-in there (its key is the email's).
 */
export type KnownDevice = { nonce: string; accounts: string[] };

const NAME = "device";
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** A shared family computer signs in to a few accounts; more than that is not a device any more. */
const MAX_ACCOUNTS = 5;
/** A cookie longer than this was not made here: it is not even checked. */
const MAX_VALUE_LENGTH = 512;
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const ACCOUNT = /^[A-Za-z0-9_-]{22}$/;

/** Its own signing purpose: a device signature is never valid as anything else signed with the secret. */
const PURPOSE = "cap device cookie";

/** The account as a device cookie names it: a keyed hash of its normalised email, 128 bits. */
function accountKey(email: string): string {
  return signatureFor(PURPOSE, `account ${email}`).slice(0, 22);
}

/** The device cookie of the request, when it is one this server signed; else null (a stranger). */
export function readDevice(cookieHeader: string | null): KnownDevice | null {
  const value = cookieValue(cookieHeader, NAME);
  if (!value || value.length > MAX_VALUE_LENGTH) return null;
  const [payload, signature, extra] = value.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  if (!isSignedFor(PURPOSE, payload, signature)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const { n, a } = parsed as { n?: unknown; a?: unknown };
    if (typeof n !== "string" || !NONCE.test(n) || !Array.isArray(a) || a.length > MAX_ACCOUNTS) return null;
    if (!a.every((account) => typeof account === "string" && ACCOUNT.test(account))) return null;
    return { nonce: n, accounts: a as string[] };
  } catch {
    return null;
  }
}

/**
 * The key this device's attempts at the account of (normalised) `email` count under, when the
 * device signed in to it before; null when it is a stranger to that account.
 */
export function deviceKeyFor(device: KnownDevice | null, email: string): string | null {
  if (!device) return null;
  const account = accountKey(email);
  return device.accounts.includes(account) ? `${device.nonce} ${account}` : null;
}

/** A browser without a device cookie yet: a nonce of its own, no account. */
export function newDevice(): KnownDevice {
  return { nonce: randomBytes(16).toString("base64url"), accounts: [] };
}

/** The Set-Cookie header after a sign-in to the account of (normalised) `email` on this device. */
export function deviceCookieHeader(device: KnownDevice | null, email: string): string {
  const account = accountKey(email);
  const accounts = [account, ...(device?.accounts ?? []).filter((known) => known !== account)].slice(0, MAX_ACCOUNTS);
  const nonce = (device ?? newDevice()).nonce;
  const payload = Buffer.from(JSON.stringify({ n: nonce, a: accounts })).toString("base64url");
  return `${NAME}=${payload}.${signatureFor(PURPOSE, payload)}; ${cookieAttributes(MAX_AGE_SECONDS)}`;
}
