import { db } from "~/.server/db/client.server";
import { forgetRememberedDevices } from "~/.server/security/remembered-devices.server";
import type { Client } from "~/.server/http/client.server";
import {
  type CodeError,
  type CodeTry,
  codeTriesSpent,
  identity,
  normalizeEmail,
} from "~/.server/identity/identity-service.server";
import { mailQuotaKey } from "~/.server/rate-limit/mail-quota-key.server";
import { trySlots } from "~/.server/rate-limit/rate-limit.server";
import { deviceCookieHeader } from "~/.server/http/device-cookie.server";
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
 * Starts a recovery, asked by `client`: a code by email and the code_id of the page that takes it.
 * The answer is the same whether the address is known or not (its limits too); for an unknown one
 * the flow exists but opens nothing.
 */
export async function requestRecovery(email: string, lang: Language, client: CodeTry): Promise<RecoveryRequest> {
  const { ip } = client;
  const address = normalizeEmail(email);
  // Strangers spent its wrong codes for the hour: a new code would be refused them too (and is
  // not mailed). A browser that signed in to the account before is not held back.
  const identityId = await identity().findIdByEmail(address);
  if (await codeTriesSpent(db(), identityId ?? address, client, address))
    return { ok: false, error: "codeTooManyTries" };
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

/** `deviceCookie`: the Set-Cookie header that makes the browser a known device of the account. */
export type RecoveryResult =
  | { ok: true; token: string; deviceCookie: string | null }
  | { ok: false; error: CodeError | "passwordRejected" };

/**
 * Sets the new password, ends every other session, and signs the member in, from `client`. The
 * code proves the address, so it also counts as verified. The member is told by mail, once the
 * identity service took the password (its session names whose it is).
 */
export async function completeRecovery(
  codeId: string,
  code: string,
  password: string,
  client: Client,
): Promise<RecoveryResult> {
  const outcome = await identity().completeRecovery(codeId, code, password, client);
  if (!outcome.ok) return outcome;
  // The new session names the account (null only if the session ended at once).
  const session = await identity().whoami(outcome.token);
  if (!session) return { ok: true, token: outcome.token, deviceCookie: null };
  await db().transaction(async (tx) => {
    const member = await memberOfIdentity(tx, session.identity.id);
    if (member) await recordSecurityEvent(tx, member.id, "password.recovered", client);
    await forgetRememberedDevices(tx, session.identity.id, { passwordReset: true });
  });
  const deviceCookie = deviceCookieHeader(client.device ?? null, normalizeEmail(session.identity.traits.email));
  return { ok: true, token: outcome.token, deviceCookie };
}
