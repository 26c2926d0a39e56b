import { logger } from "~/.server/observability/logger.server";
import type { Language } from "~/i18n/config";
import type { MailTemplate, MailTemplates } from "./templates.server";

/**
 * What the sender needs to render a queued message again in its recipient's current language,
 * handed to it by the top floor (runtime/mail-rendering.server.ts): the mail floor knows neither
 * the domains' templates nor where a member's language is saved.
 */
export type MailRendering = {
  /** Every template by the name stored with a queued message. */
  templates: MailTemplates;
  /** The language a member saved, when the address is a member's; null otherwise (a coach, a guest). */
  savedLanguageOf(address: string): Promise<Language | null>;
  /** Whether the member still wants notifications of `kind` (asked as each one goes: a switch may have moved). */
  stillWanted(memberId: string, kind: string): Promise<boolean>;
};

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
  rendering: MailRendering,
): Promise<{ subject: string; text: string; html: string }> {
  if (!mail.template || !mail.lang || now.getTime() - mail.createdAt.getTime() < FRESH_MS) return mail;
  const template: MailTemplate | undefined = Object.hasOwn(rendering.templates, mail.template)
    ? rendering.templates[mail.template]
    : undefined;
  if (!template) return mail;
  const chosen = await rendering.savedLanguageOf(mail.to).catch((error: Error) => {
    logger.warn({ error: error.message }, "recipient's language unknown: the message goes as queued");
    return null;
  });
  if (!chosen || chosen === mail.lang) return mail;
  return template(chosen, mail.to, mail.vars as never);
}
