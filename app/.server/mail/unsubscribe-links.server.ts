import { isUuid } from "~/.server/db/uuid.server";
import { isSignedFor, signatureFor } from "~/.server/secrets/tokens.server";

/**
 * One-click unsubscribe links: `/unsubscribe/<member>.<kind>.<issued>.<HMAC>`, signed under a key
 * of their own derived from SESSION_SECRET, so they work without signing in and cannot be made for
 * another member or another kind. A link is good for UNSUBSCRIBE_LINK_DAYS after the mail that
 * carries it (every notification carries a fresh one): one copied from an old mail, a forwarded
 * message or a log stops working; the profile's mail settings always do. The kinds are the
 * notification domain's words: a link names one, and reading it back checks it with the domain's
 * own test.
 */
const PURPOSE = "unsubscribe";
const MAX_TOKEN_LENGTH = 200;
export const UNSUBSCRIBE_LINK_DAYS = 90;
const DAY_MS = 24 * 3600_000;
/** The day a link was made, counted from 1970: every mail of a day carries the same link. */
const dayOf = (date: Date) => Math.floor(date.getTime() / DAY_MS);

export function unsubscribePath(memberId: string, kind: string, now = new Date()): string {
  const payload = `${memberId}.${kind}.${dayOf(now).toString(36)}`;
  return `/unsubscribe/${payload}.${signatureFor(PURPOSE, payload)}`;
}

export type UnsubscribeLink<Kind> = { ok: true; memberId: string; kind: Kind } | { ok: false; expired: boolean };

/** The member and kind a link's token names; refused when it is not one of ours, or too old. */
export function readUnsubscribeToken<Kind extends string>(
  token: string,
  isKind: (kind: string) => kind is Kind,
  now = new Date(),
): UnsubscribeLink<Kind> {
  const refused = { ok: false, expired: false } as const;
  if (token.length > MAX_TOKEN_LENGTH) return refused;
  const [memberId, kind, issued, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !memberId || !kind || !issued || !signature) return refused;
  if (!isUuid(memberId) || !isKind(kind) || !/^[0-9a-z]{1,6}$/.test(issued)) return refused;
  if (!isSignedFor(PURPOSE, `${memberId}.${kind}.${issued}`, signature)) return refused;
  if (dayOf(now) - Number.parseInt(issued, 36) > UNSUBSCRIBE_LINK_DAYS) return { ok: false, expired: true };
  return { ok: true, memberId, kind };
}
