import { isUuid } from "~/.server/db/uuid.server";
import { isSignedFor, signatureFor } from "~/.server/secrets/tokens.server";
import { isNotificationKind, type NotificationKind } from "./settings.server";

/**
 * One-click unsubscribe links (issue 28, item 5): `/unsubscribe/<member>.<kind>.<HMAC>`, signed
 * under a key of their own derived from SESSION_SECRET, so they work without signing in and
 * cannot be made for another member or another kind. They do not expire: switching a kind off
 * twice changes nothing, and the profile switches it on again.
 */
const PURPOSE = "unsubscribe";
const MAX_TOKEN_LENGTH = 200;

export function unsubscribePath(memberId: string, kind: NotificationKind): string {
  const payload = `${memberId}.${kind}`;
  return `/unsubscribe/${payload}.${signatureFor(PURPOSE, payload)}`;
}

/** The member and kind a link's token names, or null when it is not one of ours. */
export function readUnsubscribeToken(token: string): { memberId: string; kind: NotificationKind } | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [memberId, kind, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !memberId || !kind || !signature) return null;
  if (!isUuid(memberId) || !isNotificationKind(kind)) return null;
  return isSignedFor(PURPOSE, `${memberId}.${kind}`, signature) ? { memberId, kind } : null;
}
