import { db } from "~/.server/db/client.server";
import {
  codeIsUsable,
  codeTriesSpent,
  consumeCode,
  createSession,
  findIdentityIdByEmail,
  issueCode,
  markAddressVerified,
  normalizeEmail,
  revokeOtherSessions,
  setPassword,
  codeError,
  type CodeError,
} from "~/.server/identity/embedded.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { recoveryMail } from "~/.server/mail/templates.server";
import { trySlots } from "~/.server/rate-limit/rate-limit.server";
import { isLanguage, type Language } from "~/i18n/config";
import { memberOfIdentity } from "./members.server";
import { recoveryLink } from "./links.server";

/**
 * Codes issued, each one mailed (a new code replaces the open one, so a code that is not mailed
 * would only lock the member out): per address, 3 in 15 minutes (nobody's inbox is flooded) and
 * 10 a day; per client address, 20 an hour whatever the emails. Wrong codes are limited apart
 * (CODE_MISSES_PER_DAY, CODE_MISSES_PER_IP_PER_HOUR): fresh codes bring no fresh tries.
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
 * an unknown one the code exists but opens nothing.
 */
export async function requestRecovery(email: string, lang: Language, ip: string): Promise<RecoveryRequest> {
  const address = normalizeEmail(email);
  return db().transaction(async (tx): Promise<RecoveryRequest> => {
    const identityId = await findIdentityIdByEmail(tx, address);
    // Its wrong codes are spent for the day: a new code would be refused too.
    if (await codeTriesSpent(tx, identityId ?? address)) return { ok: false, error: "codeTooManyTries" };
    const taken = await trySlots(
      [
        { bucket: "recovery-mail", key: address, max: RECOVERY_MAILS_PER_15_MINUTES, windowMs: 15 * MINUTE_MS },
        { bucket: "recovery-code", key: address, max: RECOVERY_CODES_PER_DAY, windowMs: 24 * 60 * MINUTE_MS },
        { bucket: "recovery-ip", key: ip, max: RECOVERY_REQUESTS_PER_IP_PER_HOUR, windowMs: 60 * MINUTE_MS },
      ],
      tx,
    );
    if (!taken.ok)
      return { ok: false, error: taken.full.bucket === "recovery-mail" ? "tooManyResends" : "tooManyCodeRequests" };
    const issued = await issueCode(tx, "recovery", address, identityId);
    if (identityId) {
      const member = await memberOfIdentity(tx, identityId);
      const memberLang = isLanguage(member?.lang) ? member.lang : lang;
      const content = { firstname: member?.firstname ?? "", code: issued.code, link: recoveryLink(issued.codeId) };
      await queueMail(tx, recoveryMail(memberLang, address, content));
    }
    return { ok: true, codeId: issued.codeId };
  });
}

export function recoveryIsOpen(codeId: string): Promise<boolean> {
  return codeIsUsable("recovery", codeId);
}

export type RecoveryResult = { ok: true; token: string } | { ok: false; error: CodeError };

/**
 * Sets the new password, ends every other session, and signs the member in. The code proves the
 * address, so it also counts as verified.
 */
export async function completeRecovery(
  codeId: string,
  code: string,
  password: string,
  ip: string,
): Promise<RecoveryResult> {
  return db().transaction(async (tx) => {
    const check = await consumeCode(tx, "recovery", codeId, { code }, ip);
    if (!check.ok) return { ok: false as const, error: codeError(check.reason) };
    await setPassword(tx, check.identityId, password);
    await revokeOtherSessions(tx, check.identityId);
    await markAddressVerified(tx, check.identityId, check.address);
    const session = await createSession(tx, check.identityId);
    return { ok: true as const, token: session.token };
  });
}
