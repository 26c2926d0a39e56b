import type { SignedIn } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import {
  type CodeError,
  consumeCode,
  EmailTakenError,
  identity,
  issueCode,
  normalizeEmail,
  openCodeId,
  withdrawCodes,
} from "~/.server/identity/identity-service.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { emailChangeMail } from "~/.server/mail/templates.server";
import type { Client } from "~/.server/http/client.server";
import { takeSlots } from "~/.server/rate-limit/rate-limit.server";
import { recordEmailChange } from "~/.server/security/security-events.server";
import { isLanguage } from "~/i18n/config";
import { confirmPassword, type PasswordError } from "./account.server";

const WINDOW_MS = 15 * 60 * 1000;
const MAX_MAILS = 3;

export type EmailChangeRequest =
  | { ok: true }
  | { ok: false; error: "emailTaken" | "sameEmail" | "tooManyEmailChanges" | PasswordError };

/**
 * Starts an email change: a code goes to the NEW address; the account keeps its old address until
 * that code comes back (confirmEmailChange). A new request replaces an earlier one.
 */
export async function requestEmailChange(
  signedIn: SignedIn,
  email: string,
  currentPassword: string,
): Promise<EmailChangeRequest> {
  const { identity: current, member } = signedIn;
  // A stolen session alone must not be enough to move the account to another address.
  const password = await confirmPassword(signedIn, currentPassword);
  if (!password.ok) return password;
  const address = normalizeEmail(email);
  if (address === current.traits.email) return { ok: false, error: "sameEmail" };
  if (await identity().findIdByEmail(address)) return { ok: false, error: "emailTaken" };
  // A few codes per window: the form cannot be used to flood someone else's inbox. The slot is
  // taken in the transaction that queues the mail (locked: parallel requests cannot overshoot).
  return db().transaction(async (tx): Promise<EmailChangeRequest> => {
    const limit = { bucket: "email-change-mail", key: current.id, max: MAX_MAILS, windowMs: WINDOW_MS };
    if (!(await takeSlots([limit], tx))) return { ok: false, error: "tooManyEmailChanges" };
    const issued = await issueCode(tx, "email_change", address, current.id);
    const lang = isLanguage(member.lang) ? member.lang : "fr";
    await queueMail(
      tx,
      emailChangeMail(lang, address, { firstname: member.firstname, code: issued.code, link: "/profile#email-title" }),
    );
    return { ok: true };
  });
}

/** Withdraws the member's pending email change: its code stops working, the account keeps its address. */
export async function cancelEmailChange(signedIn: SignedIn): Promise<{ ok: boolean }> {
  return { ok: (await withdrawCodes(db(), signedIn.identity.id, "email_change")) > 0 };
}

export type EmailChangeResult = { ok: true; email: string } | { ok: false; error: CodeError | "emailTaken" };

/**
 * The code from the new address's email, typed by `client`: the new address replaces the old one,
 * verified, both addresses get the security notice, and every other session ends (in the same
 * transaction). A browser that signed in to the account before (by its current address) counts its
 * wrong codes alone, so strangers' wrong recovery codes cannot keep the owner from confirming.
 */
export async function confirmEmailChange(
  { identity: current, member, token }: SignedIn,
  code: string,
  client: Client,
): Promise<EmailChangeResult> {
  // The code is Cap's own: spent in its transaction, which commits before the address changes
  // (a refused change leaves the code spent: the member asks for a new one).
  const check = await db().transaction(async (tx) => {
    const codeId = await openCodeId(tx, current.id, "email_change");
    if (!codeId) return { ok: false as const, error: "codeExpired" as const };
    return consumeCode(tx, "email_change", codeId, { code }, client, normalizeEmail(current.traits.email));
  });
  if (!check.ok) return check;
  try {
    // The account now answers to another address: every other device signs in again.
    await identity().replaceEmail(current.id, check.address, token, (tx) =>
      recordEmailChange(tx, member.id, client, current.traits.email),
    );
    return { ok: true, email: check.address };
  } catch (error) {
    // Someone registered with the address since the code was sent.
    if (error instanceof EmailTakenError) return { ok: false, error: "emailTaken" };
    throw error;
  }
}
