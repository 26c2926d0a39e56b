import { db } from "~/.server/db/client.server";
import type { Client } from "~/.server/http/client.server";
import { type CodeError, codeTriesSpent, identity, normalizeEmail } from "~/.server/identity/identity-service.server";
import { mailQuotaKey } from "~/.server/rate-limit/mail-quota-key.server";
import { trySlots } from "~/.server/rate-limit/rate-limit.server";
import { recordSecurityEvent } from "~/.server/security/security-events.server";
import type { Language } from "~/i18n/config";
import { memberOfIdentity } from "./members.server";

/**
 * Codes issued, each one mailed (a new code replaces the open one, so a code that is not mailed
 * would only lock the member out): per address, 3 in 15 minutes (nobody's inbox is flooded) and
 * 10 a day; per client address, 20 an hour whatever the emails. Wrong codes are limited apart
 * (identity/code-limits.server.ts): fresh codes bring no fresh tries.
 */
export const RECOVERY_MAILS_PER_15_MINUTES = 3;
export const RECOVERY_CODES_PER_DAY = 10;
export const RECOVERY_REQUESTS_PER_IP_PER_HOUR = 20;
const MINUTE_MS = 60 * 1000;

export type RecoveryRequestError = "tooManyResends" | "tooManyCodeRequests" | "codeTooManyTries";
export type RecoveryRequest = { ok: true; codeId: string } | { ok: false; error: RecoveryRequestError };

/**
 * Starts a recovery, asked from client address `ip`: a code by email and the code_id of the page
 * that takes it. The answer is the same whether the address is known or not (its limits too); for
 * an unknown one the flow exists but opens nothing.
 */
export async function requestRecovery(email: string, lang: Language, ip: string): Promise<RecoveryRequest> {
  const address = normalizeEmail(email);
  // Its wrong codes are spent for the day: a new code would be refused too (and is not mailed).
  const identityId = await identity().findIdByEmail(address);
  if (await codeTriesSpent(db(), identityId ?? address)) return { ok: false, error: "codeTooManyTries" };
  // Counted by inbox: sub-addresses and case variants of one address share its quota.
  const inbox = mailQuotaKey(address);
  const taken = await trySlots([
    { bucket: "recovery-mail", key: inbox, max: RECOVERY_MAILS_PER_15_MINUTES, windowMs: 15 * MINUTE_MS },
    { bucket: "recovery-code", key: inbox, max: RECOVERY_CODES_PER_DAY, windowMs: 24 * 60 * MINUTE_MS },
    { bucket: "recovery-ip", key: ip, max: RECOVERY_REQUESTS_PER_IP_PER_HOUR, windowMs: 60 * MINUTE_MS },
  ]);
  if (!taken.ok)
    return { ok: false, error: taken.full.bucket === "recovery-mail" ? "tooManyResends" : "tooManyCodeRequests" };
  const started = await identity().startRecovery(address, { lang, ip, identityId });
  return { ok: true, codeId: started.flowId };
}

export function recoveryIsOpen(codeId: string): Promise<boolean> {
  return identity().recoveryIsOpen(codeId);
}

export type RecoveryResult = { ok: true; token: string } | { ok: false; error: CodeError | "passwordRejected" };

/**
 * Sets the new password, ends every other session, and signs the member in. The code proves the
 * address, so it also counts as verified. The member is told by mail, once the identity service
 * took the password (its session names whose it is).
 */
export async function completeRecovery(
  codeId: string,
  code: string,
  password: string,
  client: Client,
): Promise<RecoveryResult> {
  const result = await identity().completeRecovery(codeId, code, password, client.ip);
  if (!result.ok) return result;
  const session = await identity().whoami(result.token);
  if (session) {
    await db().transaction(async (tx) => {
      const member = await memberOfIdentity(tx, session.identity.id);
      if (member) await recordSecurityEvent(tx, member.id, "password.recovered", client);
    });
  }
  return result;
}
