import { dateFormat } from "~/.server/calendar/date-formats.server";
import { db } from "~/.server/db/client.server";
import { forgetRememberedDevices } from "~/.server/security/remembered-devices.server";
import type { SignedIn } from "~/.server/accounts/members.server";
import { describeDevice } from "~/.server/http/user-agent.server";
import { identity } from "~/.server/identity/identity-service.server";
import { type Page, type PageRequest, settlePage } from "~/.server/paging/paging.server";
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

/** How many devices a page of /profile lists. */
export const DEVICES_PAGE_SIZE = 10;

/**
 * A page of the member's devices, this one first (on the first page), then the most recently seen.
 * A page past the end is the last page, or, with `settle: false` (the API), an empty list.
 */
export async function devicesOf(
  signedIn: SignedIn,
  lang: Language,
  requested: PageRequest,
  options: { settle: boolean } = { settle: true },
): Promise<{ devices: DeviceView[]; page: Page }> {
  const format = dateFormat(lang, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: signedIn.member.time_zone,
  });
  const read = (page: number) =>
    identity().listSessions(signedIn.token, signedIn.identity.id, {
      limit: requested.limit,
      offset: (page - 1) * requested.limit,
    });
  let { sessions, total } = await read(requested.page);
  const settled = settlePage(requested, total);
  const page = options.settle
    ? settled
    : { ...settled, page: requested.page, offset: (requested.page - 1) * requested.limit };
  // Asked past the end: the last page's devices instead (the list may have changed between the two reads).
  if (page.page !== requested.page) ({ sessions } = await read(page.page));
  const devices = sessions.map((session) => ({
    id: session.id,
    ...describeDevice(session.userAgent),
    signedInAt: session.authenticatedAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    signedIn: format.format(session.authenticatedAt),
    lastSeen: format.format(session.lastSeenAt),
    current: session.id === signedIn.sessionId,
  }));
  return { devices, page };
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

/**
 * Ends every session of the member but this one; how many ended. The browsers remembered at the
 * second step are forgotten too (this one's as well: its next sign-in asks the code again).
 */
export async function signOutOtherDevices(signedIn: SignedIn): Promise<number> {
  const ended = await identity().revokeOtherSessions(signedIn.token, signedIn.identity.id);
  await forgetRememberedDevices(db(), signedIn.identity.id);
  return ended;
}
