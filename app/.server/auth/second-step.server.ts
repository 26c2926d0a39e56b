import type { SignedIn } from "~/.server/accounts/members.server";
import { DAY_MS } from "~/.server/calendar/days.server";
import { cookieAttributes, cookieValue } from "~/.server/http/cookies.server";
import { isSignedFor, signatureFor } from "~/.server/secrets/tokens.server";

/** Where a session that owes its second factor is sent, from every signed-in page. */
export const SECOND_STEP_PATH = "/home/login/second-factor";

/**
 * Whether the session still owes sign-in's second step: the member turned two-factor on, no
 * second factor was given on this session, and this browser is not one they asked to remember.
 */
export function owesSecondFactor(request: Request, current: SignedIn): boolean {
  if (!current.twoFactorSince || current.aal === "aal2") return false;
  return !isRememberedDevice(request, current.identity.id, current.twoFactorSince);
}

/**
 * "Remember this device for 30 days" at sign-in's second step: a cookie signed with
 * SESSION_SECRET, naming the member's identity and when their two-factor sign-in was turned on. A
 * session of that identity on this browser needs no second step until it expires; turning two-factor
 * off and on again changes that date, which forgets every device remembered before. The browser
 * keeps one such cookie: the last member who asked on it.
 */
const NAME = "remembered_device";
export const REMEMBER_DEVICE_MS = 30 * DAY_MS;

const PURPOSE = "remembered device";
const signed = (identityId: string, twoFactorSince: Date, expires: number) =>
  `${identityId} ${twoFactorSince.getTime()} ${expires}`;

export function rememberDeviceCookie(identityId: string, twoFactorSince: Date, now = Date.now()): string {
  const expires = now + REMEMBER_DEVICE_MS;
  const value = `${identityId}.${expires}.${signatureFor(PURPOSE, signed(identityId, twoFactorSince, expires))}`;
  return `${NAME}=${value}; ${cookieAttributes(REMEMBER_DEVICE_MS / 1000)}`;
}

export function isRememberedDevice(request: Request, identityId: string, twoFactorSince: Date): boolean {
  const [id, expiresText, mac] = cookieValue(request.headers.get("Cookie"), NAME)?.split(".") ?? [];
  const expires = Number(expiresText);
  if (id !== identityId || !Number.isSafeInteger(expires) || expires <= Date.now() || !mac) return false;
  return isSignedFor(PURPOSE, signed(identityId, twoFactorSince, expires), mac);
}
