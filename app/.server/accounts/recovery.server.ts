import { db } from "~/.server/db/client.server";
import {
  codeIsUsable,
  consumeCode,
  createSession,
  findIdentityIdByEmail,
  issueCode,
  markAddressVerified,
  revokeOtherSessions,
  setPassword,
  codeError,
  type CodeError,
} from "~/.server/identity/embedded.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { recoveryMail } from "~/.server/mail/templates.server";
import { countRecent, recordEvent } from "~/.server/rate-limit/rate-limit.server";
import { isLanguage, type Language } from "~/i18n/config";
import { memberOfIdentity } from "./members.server";
import { recoveryLink } from "./links.server";

const RECOVERY_WINDOW_MS = 15 * 60 * 1000;
const MAX_RECOVERY_MAILS = 3;

/**
 * Starts a recovery: a code by email and the code_id of the page that takes it. The answer is the
 * same whether the address is known or not; for an unknown one the code exists but opens nothing.
 */
export async function requestRecovery(email: string, lang: Language): Promise<{ codeId: string }> {
  const key = email.trim().toLowerCase();
  // A few mails per address per window: the form cannot be used to flood someone's inbox.
  const mayMail = (await countRecent("recovery-mail", key, RECOVERY_WINDOW_MS)) < MAX_RECOVERY_MAILS;
  const result = await db().transaction(async (tx) => {
    const identityId = await findIdentityIdByEmail(tx, email);
    const issued = await issueCode(tx, "recovery", email, identityId);
    if (!identityId || !mayMail) return { codeId: issued.codeId, mailed: false };
    const member = await memberOfIdentity(tx, identityId);
    const memberLang = isLanguage(member?.lang) ? member.lang : lang;
    await queueMail(
      tx,
      recoveryMail(memberLang, email, { firstname: member?.firstname ?? "", code: issued.code, link: recoveryLink(issued.codeId) }),
    );
    return { codeId: issued.codeId, mailed: true };
  });
  if (result.mailed) await recordEvent("recovery-mail", key);
  return { codeId: result.codeId };
}

export function recoveryIsOpen(codeId: string): Promise<boolean> {
  return codeIsUsable("recovery", codeId);
}

export type RecoveryResult = { ok: true; token: string } | { ok: false; error: CodeError };

/**
 * Sets the new password, ends every other session, and signs the member in. The code proves the
 * address, so it also counts as verified.
 */
export async function completeRecovery(codeId: string, code: string, password: string): Promise<RecoveryResult> {
  return db().transaction(async (tx) => {
    const check = await consumeCode(tx, "recovery", codeId, { code });
    if (!check.ok) return { ok: false as const, error: codeError(check.reason) };
    await setPassword(tx, check.identityId, password);
    await revokeOtherSessions(tx, check.identityId);
    await markAddressVerified(tx, check.identityId, check.address);
    const session = await createSession(tx, check.identityId);
    return { ok: true as const, token: session.token };
  });
}
