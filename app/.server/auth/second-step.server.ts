import type { SignedIn } from "~/.server/accounts/members.server";
import { DAY_MS } from "~/.server/calendar/days.server";
import { cookieAttributes, cookieValue } from "~/.server/http/cookies.server";
import { type KnownDevice, readDevice } from "~/.server/http/device-cookie.server";
import { isSignedFor, signatureFor } from "~/.server/secrets/tokens.server";

/** Where a session that owes its second factor is sent, from every signed-in page. */
export const SECOND_STEP_PATH = "/home/login/second-factor";

/**
 * Whether the session still owes sign-in's second step: the member turned two-factor on, no
 * second factor was given on this session, and this browser is not one they asked to remember.
 */
export function owesSecondFactor(request: Request, current: SignedIn): boolean {
  if (!current.twoFactorSince || current.aal === "aal2") return false;
  return !isRememberedDevice(request, current);
}

/**
 * "Remember this device for 30 days" at sign-in's second step: a cookie signed with
 * SESSION_SECRET, naming the member's identity, when their two-factor sign-in was turned on, when
 * it was given, and the browser's device cookie (http/device-cookie.server.ts) it was given
 * beside. A session of that identity on this browser needs no second step until it expires.
 * Copied into another browser, which has another device cookie, it does nothing; turning
 * two-factor off and on again changes the date it names, and a password changed or reset or
 * every session ended forgets every browser remembered before (`devicesForgottenAt`). The
 * browser keeps one such cookie: the last member who asked on it.
 */
const NAME = "remembered_device";
export const REMEMBER_DEVICE_MS = 30 * DAY_MS;

const PURPOSE = "remembered device";
type Remembered = { identityId: string; twoFactorSince: Date; device: string; issued: number; expires: number };
const signed = (r: Remembered) => `${r.identityId} ${r.twoFactorSince.getTime()} ${r.device} ${r.issued} ${r.expires}`;

export function rememberDeviceCookie(
  identityId: string,
  twoFactorSince: Date,
  device: KnownDevice,
  now = Date.now(),
): string {
  const remembered = {
    identityId,
    twoFactorSince,
    device: device.nonce,
    issued: now,
    expires: now + REMEMBER_DEVICE_MS,
  };
  const value = `${identityId}.${now}.${remembered.expires}.${signatureFor(PURPOSE, signed(remembered))}`;
  return `${NAME}=${value}; ${cookieAttributes(REMEMBER_DEVICE_MS / 1000)}`;
}

export function isRememberedDevice(request: Request, current: SignedIn): boolean {
  const cookies = request.headers.get("Cookie");
  const [id, issuedText, expiresText, mac] = cookieValue(cookies, NAME)?.split(".") ?? [];
  const device = readDevice(cookies);
  const [issued, expires] = [Number(issuedText), Number(expiresText)];
  const { twoFactorSince, devicesForgottenAt } = current;
  if (id !== current.identity.id || !twoFactorSince || !device || !mac) return false;
  if (!Number.isSafeInteger(issued) || !Number.isSafeInteger(expires) || expires <= Date.now()) return false;
  if (devicesForgottenAt && issued <= devicesForgottenAt.getTime()) return false;
  return isSignedFor(PURPOSE, signed({ identityId: id, twoFactorSince, device: device.nonce, issued, expires }), mac);
}
