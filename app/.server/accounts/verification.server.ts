import type { Transaction } from "~/.server/db/client.server";
import { type CodeError, type Identity, identity } from "~/.server/identity/identity-service.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { welcomeMail } from "~/.server/mail/templates.server";
import { DAY_MS } from "~/.server/calendar/days.server";
import { mailQuotaKey } from "~/.server/rate-limit/mail-quota-key.server";
import { releaseSlots, trySlots } from "~/.server/rate-limit/rate-limit.server";
import { grantAdminIfListed } from "~/.server/roles/admin-emails.server";
import type { Language } from "~/i18n/config";
import { memberOfIdentity, type Member } from "./members.server";

const RESEND_WINDOW_MS = 15 * 60 * 1000;
export const MAX_RESENDS = 3;
/**
 * Resent codes per inbox (case and sub-addresses folded) a day, whichever account asks: three a
 * quarter of an hour per account would otherwise mail one inbox 288 times a day, and as many
 * again for each account registered with a sub-address of it.
 */
export const VERIFICATION_RESENDS_PER_INBOX_PER_DAY = 10;

export type VerificationResult = { ok: true } | { ok: false; error: CodeError };

/** Verifies the member's first address with the code typed from the email, at client address `ip`. */
export async function verifyWithCode(identityId: string, code: string, ip: string): Promise<VerificationResult> {
  const outcome = await identity().verifyWithCode(identityId, code, ip, welcome);
  return outcome.ok ? { ok: true } : outcome;
}

/** Verifies with the one-click link of the email (no session needed: the link is the proof). */
export async function verifyWithLink(codeId: string, linkToken: string, ip: string): Promise<VerificationResult> {
  const outcome = await identity().verifyWithLink(codeId, linkToken, ip, welcome);
  return outcome.ok ? { ok: true } : outcome;
}

/** The address is proven: the member is welcomed aboard (in the verification's transaction). */
async function welcome(tx: Transaction, { identityId, address }: { identityId: string; address: string }) {
  const member = await memberOfIdentity(tx, identityId);
  if (!member) return;
  await queueMail(tx, welcomeMail(member.lang, address, { firstname: member.firstname, link: "/trainings" }));
  await grantAdminIfListed(tx, member.id, address);
}

export type ResendResult = { ok: true } | { ok: false; error: "tooManyResends" | "tooManyCodeRequests" };

/**
 * A fresh code by email, at most three times in 15 minutes, and ten a day to one inbox. The slots
 * are taken before the mail is sent, atomically (trySlots locks the counters): 30 requests at
 * once send 3 codes, not 30. A send that fails gives its slots back.
 */
export async function resendVerification(identityOf: Identity, member: Member, lang: Language): Promise<ResendResult> {
  const taken = await trySlots([
    { bucket: "verification-resend", key: identityOf.id, max: MAX_RESENDS, windowMs: RESEND_WINDOW_MS },
    {
      bucket: "verification-inbox",
      key: mailQuotaKey(identityOf.traits.email),
      max: VERIFICATION_RESENDS_PER_INBOX_PER_DAY,
      windowMs: DAY_MS,
    },
  ]);
  if (!taken.ok)
    return { ok: false, error: taken.full.bucket === "verification-resend" ? "tooManyResends" : "tooManyCodeRequests" };
  const slots = taken.ids;
  try {
    await identity().sendVerification(identityOf, { lang, firstname: member.firstname });
  } catch (error) {
    await releaseSlots(slots);
    throw error;
  }
  return { ok: true };
}
