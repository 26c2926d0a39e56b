import { dateFormat } from "~/.server/calendar/date-formats.server";
import type { SignedIn } from "~/.server/accounts/members.server";
import { identity } from "~/.server/identity/identity-service.server";
import type { Language } from "~/i18n/config";

/**
 * The member's signed-in devices (their live sessions, SPEC §7 GET/DELETE /sessions): what each is,
 * when it signed in and was last seen, which is this one; ending one, or all the others.
 */
export type DeviceView = {
  id: string;
  /** Browser and system as the user agent names them; null when it does not say. */
  browser: string | null;
  system: string | null;
  signedInAt: string;
  lastSeenAt: string;
  /** Dates in the member's language, for pages. */
  signedIn: string;
  lastSeen: string;
  current: boolean;
};

export async function devicesOf(signedIn: SignedIn, lang: Language): Promise<DeviceView[]> {
  const format = dateFormat(lang, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: signedIn.member.time_zone,
  });
  const sessions = await identity().listSessions(signedIn.token, signedIn.identity.id);
  return sessions
    .map((session) => ({
      id: session.id,
      ...describeDevice(session.userAgent),
      signedInAt: session.authenticatedAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      signedIn: format.format(session.authenticatedAt),
      lastSeen: format.format(session.lastSeenAt),
      current: session.id === signedIn.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

export type SignOutRefusal = "notFound" | "currentDevice";

/** Ends one of the member's other sessions; this device signs out through logout instead. */
export async function signOutDevice(
  signedIn: SignedIn,
  sessionId: string,
): Promise<{ ok: true } | { ok: false; error: SignOutRefusal }> {
  if (sessionId === signedIn.sessionId) return { ok: false, error: "currentDevice" };
  const ended = await identity().revokeSession(signedIn.token, signedIn.identity.id, sessionId);
  return ended ? { ok: true } : { ok: false, error: "notFound" };
}

/** Ends every session of the member but this one; how many ended. */
export function signOutOtherDevices(signedIn: SignedIn): Promise<number> {
  return identity().revokeOtherSessions(signedIn.token, signedIn.identity.id);
}

// First match wins: Edge, Opera and Samsung Internet also name Chrome; Chrome names Safari; iOS
// names Mac OS X and Android names Linux.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrom(e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone|\biPad|\biPod/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function describeDevice(userAgent: string | null): { browser: string | null; system: string | null } {
  const first = (names: [RegExp, string][]) =>
    userAgent ? (names.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null) : null;
  return { browser: first(BROWSERS), system: first(SYSTEMS) };
}
