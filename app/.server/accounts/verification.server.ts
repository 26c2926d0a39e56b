import { db, type Transaction } from "~/.server/db/client.server";
import {
  consumeCode,
  markAddressVerified,
  openCodeId,
  codeError,
  type CodeError,
} from "~/.server/identity/embedded.server";
import type { Identity } from "~/.server/identity/identity.server";
import { countRecent, recordEvent } from "~/.server/rate-limit/rate-limit.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { welcomeMail } from "~/.server/mail/templates.server";
import { isLanguage, type Language } from "~/i18n/config";
import { memberOfIdentity, type Member } from "./members.server";
import { sendVerification } from "./registration.server";

const RESEND_WINDOW_MS = 15 * 60 * 1000;
export const MAX_RESENDS = 3;

export type VerificationResult = { ok: true } | { ok: false; error: CodeError };

/** Verifies the member's first address with the code typed from the email, at client address `ip`. */
export async function verifyWithCode(identityId: string, code: string, ip: string): Promise<VerificationResult> {
  return db().transaction(async (tx) => {
    const codeId = await openCodeId(tx, identityId, "verification");
    if (!codeId) return { ok: false as const, error: "codeExpired" as const };
    const check = await consumeCode(tx, "verification", codeId, { code }, ip);
    if (!check.ok) return { ok: false as const, error: codeError(check.reason) };
    await completeVerification(tx, check.identityId, check.address);
    return { ok: true as const };
  });
}

/** Verifies with the one-click link of the email (no session needed: the link is the proof). */
export async function verifyWithLink(codeId: string, linkToken: string, ip: string): Promise<VerificationResult> {
  return db().transaction(async (tx) => {
    const check = await consumeCode(tx, "verification", codeId, { linkToken }, ip);
    if (!check.ok) return { ok: false as const, error: codeError(check.reason) };
    await completeVerification(tx, check.identityId, check.address);
    return { ok: true as const };
  });
}

/** The address is proven: mark it verified and welcome the member aboard, in one transaction. */
async function completeVerification(tx: Transaction, identityId: string, address: string) {
  await markAddressVerified(tx, identityId, address);
  const member = await memberOfIdentity(tx, identityId);
  if (!member) return;
  const lang = isLanguage(member.lang) ? member.lang : "fr";
  await queueMail(tx, welcomeMail(lang, address, { firstname: member.firstname, link: "/trainings" }));
}

/** A fresh code by email, at most three times in 15 minutes. */
export async function resendVerification(identity: Identity, member: Member, lang: Language): Promise<{ ok: boolean }> {
  if ((await countRecent("verification-resend", identity.id, RESEND_WINDOW_MS)) >= MAX_RESENDS) return { ok: false };
  const address = identity.verifiable_addresses[0]?.value ?? identity.traits.email;
  await db().transaction((tx) => sendVerification(tx, identity.id, address, member.firstname, lang));
  await recordEvent("verification-resend", identity.id);
  return { ok: true };
}
