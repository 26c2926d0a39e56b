import { savedLanguageOf } from "~/.server/accounts/members.server";
import { coachingMailTemplates } from "~/.server/coaching/mail-templates.server";
import type { MailRendering } from "~/.server/mail/recipient-language.server";
import { mailTemplates } from "~/.server/mail/templates.server";
import { securityMailTemplates } from "~/.server/security/mail-templates.server";

/**
 * What the mail sender renders queued messages again with: every domain's templates and where a
 * member's language is saved. Assembled here, on the top floor, so that the mail floor imports no domain.
 */
export const mailRendering: MailRendering = {
  templates: { ...mailTemplates, ...coachingMailTemplates, ...securityMailTemplates },
  savedLanguageOf,
};
