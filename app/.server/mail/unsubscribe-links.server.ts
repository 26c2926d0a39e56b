import { isUuid } from "~/.server/db/uuid.server";
import { isSignedFor, signatureFor } from "~/.server/secrets/tokens.server";

/**
 * One-click unsubscribe links: `/unsubscribe/<member>.<kind>.<HMAC>`, signed
 * under a key of their own derived from SESSION_SECRET, so they work without signing in and
 * cannot be made for another member or another kind. They do not expire: switching a kind off
 * twice changes nothing, and the profile switches it on again. The kinds are the notification
 * domain's words: a link names one, and reading it back checks it with the domain's own test.
 */
const PURPOSE = "unsubscribe";
const MAX_TOKEN_LENGTH = 200;

export function unsubscribePath(memberId: string, kind: string): string {
  const payload = `${memberId}.${kind}`;
  return `/unsubscribe/${payload}.${signatureFor(PURPOSE, payload)}`;
}

/** The member and kind a link's token names, or null when it is not one of ours. */
export function readUnsubscribeToken<Kind extends string>(
  token: string,
  isKind: (kind: string) => kind is Kind,
): { memberId: string; kind: Kind } | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [memberId, kind, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !memberId || !kind || !signature) return null;
  if (!isUuid(memberId) || !isKind(kind)) return null;
  return isSignedFor(PURPOSE, `${memberId}.${kind}`, signature) ? { memberId, kind } : null;
}
