import { savedLanguageOf } from "~/.server/accounts/members.server";
import { coachingMailTemplates } from "~/.server/coaching/sessions/mail-templates.server";
import type { MailRendering } from "~/.server/mail/recipient-language.server";
import { mailTemplates } from "~/.server/mail/templates.server";
import { notificationMailTemplates } from "~/.server/notifications/mail-templates.server";
import { paymentMailTemplates } from "~/.server/payments/mail-templates.server";
import { wants } from "~/.server/notifications/settings.server";
import { securityMailTemplates } from "~/.server/security/mail-templates.server";

/**
 * What the mail sender renders queued messages again with: every domain's templates, where a
 * member's language is saved and which notifications they still want. Assembled here, on the top floor, so that the mail floor imports no domain.
 */
export const mailRendering: MailRendering = {
  templates: {
    ...mailTemplates,
    ...coachingMailTemplates,
    ...securityMailTemplates,
    ...notificationMailTemplates,
    ...paymentMailTemplates,
  },
  savedLanguageOf,
  stillWanted: wants,
};
