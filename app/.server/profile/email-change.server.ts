import type { SignedIn } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import {
  consumeCode,
  emailIsTaken,
  issueCode,
  normalizeEmail,
  openCodeId,
  replaceAddress,
  codeError,
  type CodeError,
} from "~/.server/identity/embedded.server";
import { EmailTakenError } from "~/.server/identity/identity.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { emailChangedMail, emailChangeMail } from "~/.server/mail/templates.server";
import { countRecent, recordEvent } from "~/.server/rate-limit/rate-limit.server";
import { isLanguage } from "~/i18n/config";

const WINDOW_MS = 15 * 60 * 1000;
const MAX_MAILS = 3;

export type EmailChangeRequest = { ok: true } | { ok: false; error: "emailTaken" | "sameEmail" | "tooManyEmailChanges" };

/**
 * Starts an email change: a code goes to the NEW address; the account keeps its old address until
 * that code comes back (confirmEmailChange). A new request replaces an earlier one.
 */
export async function requestEmailChange({ identity, member }: SignedIn, email: string): Promise<EmailChangeRequest> {
  const address = normalizeEmail(email);
  if (address === identity.traits.email) return { ok: false, error: "sameEmail" };
  if (await emailIsTaken(address)) return { ok: false, error: "emailTaken" };
  // A few codes per window: the form cannot be used to flood someone else's inbox.
  if ((await countRecent("email-change-mail", identity.id, WINDOW_MS)) >= MAX_MAILS) return { ok: false, error: "tooManyEmailChanges" };
  await db().transaction(async (tx) => {
    const issued = await issueCode(tx, "email_change", address, identity.id);
    const lang = isLanguage(member.lang) ? member.lang : "fr";
    await queueMail(tx, emailChangeMail(lang, address, { firstname: member.firstname, code: issued.code, link: "/profile#email" }));
  });
  await recordEvent("email-change-mail", identity.id);
  return { ok: true };
}

export type EmailChangeResult = { ok: true; email: string } | { ok: false; error: CodeError | "emailTaken" };

/**
 * The code from the new address's email: the new address replaces the old one, verified, and the
 * old address is told (in the same transaction).
 */
export async function confirmEmailChange({ identity, member }: SignedIn, code: string): Promise<EmailChangeResult> {
  try {
    return await db().transaction(async (tx) => {
      const codeId = await openCodeId(tx, identity.id, "email_change");
      if (!codeId) return { ok: false as const, error: "codeExpired" as const };
      const check = await consumeCode(tx, "email_change", codeId, { code });
      if (!check.ok) return { ok: false as const, error: codeError(check.reason) };
      await replaceAddress(tx, identity.id, check.address);
      const lang = isLanguage(member.lang) ? member.lang : "fr";
      await queueMail(tx, emailChangedMail(lang, identity.traits.email, { firstname: member.firstname, newEmail: check.address }));
      return { ok: true as const, email: check.address };
    });
  } catch (error) {
    // Someone registered with the address since the code was sent.
    if (error instanceof EmailTakenError) return { ok: false, error: "emailTaken" };
    throw error;
  }
}
