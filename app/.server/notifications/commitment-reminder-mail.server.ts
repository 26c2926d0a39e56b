import { dateFormat } from "~/.server/calendar/date-formats.server";
import type { MailNotification } from "~/.server/mail/outbox.server";
import { renderMail } from "~/.server/mail/templates.server";
import type { Language } from "~/i18n/config";

/** The day's commitment reminder: what is due that day, and how many are late. */
export type CommitmentReminderVars = {
  firstname: string;
  /** The member's day (YYYY-MM-DD, in their zone). */
  day: string;
  due: string[];
  moreDue: number;
  late: number;
  notification: MailNotification;
};

export function commitmentReminderMail(lang: Language, to: string, vars: CommitmentReminderVars) {
  const day = dateFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${vars.day}T00:00:00Z`),
  );
  return renderMail({ template: "commitmentReminder", vars, lang }, to, (t) => ({
    subject: t("commitmentReminder.subject"),
    firstname: vars.firstname,
    notification: vars.notification,
    blocks: [
      { paragraph: t("commitmentReminder.intro", { day }) },
      ...vars.due.map((title) => ({ paragraph: `• ${title}` })),
      ...(vars.moreDue > 0 ? [{ paragraph: t("digest.more", { count: vars.moreDue }) }] : []),
      ...(vars.late > 0 ? [{ paragraph: t("commitmentReminder.late", { count: vars.late }) }] : []),
      { button: t("commitmentReminder.action"), url: "/my_commitments" },
    ],
  }));
}
