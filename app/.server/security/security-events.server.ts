import type { Executor } from "~/.server/db/client.server";
import { securityEvents } from "~/.server/db/schema.server";
import type { Client } from "~/.server/http/client.server";

/**
 * What happened to a member's account that they should hear of (issue 25 item 6). Written in the
 * transaction of the change itself, so a change is never kept without its event.
 */
export type SecurityEventKind =
  | "signIn.newDevice"
  | "password.changed"
  | "password.recovered"
  | "email.changed"
  | "twoFactor.enabled"
  | "twoFactor.disabled"
  | "twoFactor.recoveryCodesRegenerated"
  | "twoFactor.recoveryCodeUsed"
  | "signIn.lockedOut";

/** The device, as its browser named itself: at most this many characters are kept. */
const USER_AGENT_MAX = 512;

export async function recordSecurityEvent(
  tx: Executor,
  memberId: string,
  kind: SecurityEventKind,
  client: Client,
): Promise<void> {
  await tx.insert(securityEvents).values({
    memberId,
    kind,
    userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    ip: client.ip,
  });
}
