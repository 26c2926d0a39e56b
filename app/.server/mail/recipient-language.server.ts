import { eq } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { logger } from "~/.server/observability/logger.server";
import { isLanguage, type Language } from "~/i18n/config";
import { renderAgain } from "./templates.server";

/** The language a member saved, when the address is a member's; null otherwise (a coach, a guest). */
async function memberLanguage(address: string): Promise<Language | null> {
  const identityId = await identity().findIdByEmail(address);
  if (!identityId) return null;
  const [member] = await db().select({ lang: appUsers.lang }).from(appUsers).where(eq(appUsers.identityId, identityId));
  return isLanguage(member?.lang) ? member.lang : null;
}

type Queued = {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string | null;
  vars: unknown;
  lang: string | null;
  createdAt: Date;
};

/**
 * A message this young goes as queued: its recipient cannot have chosen another language since,
 * and the look-up (an identity search by address: an admin call under Ory) would be paid for
 * nearly every message. Reminders queued days ahead and retries are looked up.
 */
const FRESH_MS = 60_000;

/**
 * The message as it goes out: rendered again from its template when its recipient, a member, chose
 * another language since it was queued (a reminder queued days ahead); as queued otherwise, and
 * when the language cannot be looked up (the message is not held back for it).
 */
export async function inRecipientLanguage(
  mail: Queued,
  now: Date,
): Promise<{ subject: string; text: string; html: string }> {
  if (!mail.template || !mail.lang || now.getTime() - mail.createdAt.getTime() < FRESH_MS) return mail;
  const chosen = await memberLanguage(mail.to).catch((error: Error) => {
    logger.warn({ error: error.message }, "recipient's language unknown: the message goes as queued");
    return null;
  });
  if (!chosen || chosen === mail.lang) return mail;
  return renderAgain(mail.template, chosen, mail.to, mail.vars) ?? mail;
}
