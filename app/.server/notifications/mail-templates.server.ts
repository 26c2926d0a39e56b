import type { MailTemplates } from "~/.server/mail/templates.server";
import { commitmentReminderMail } from "./commitment-reminder-mail.server";
import { surveyResultsMail } from "./crew-news-mail.server";
import { digestMail } from "./digest-mail.server";

/** The notifications' templates by name, for the sender to render a queued one again (runtime/mail-rendering.server.ts). */
export const notificationMailTemplates = {
  weeklyDigest: digestMail,
  commitmentReminder: commitmentReminderMail,
  surveyResults: surveyResultsMail,
} satisfies MailTemplates;
