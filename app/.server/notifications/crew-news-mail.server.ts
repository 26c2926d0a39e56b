import type { MailNotification } from "~/.server/mail/outbox.server";
import { renderMail } from "~/.server/mail/templates.server";
import type { Language } from "~/i18n/config";

/** Crew news: the results of the member's crew survey are ready to read. */
export type SurveyResultsVars = { firstname: string; title: string; notification: MailNotification };

export function surveyResultsMail(lang: Language, to: string, vars: SurveyResultsVars) {
  return renderMail({ template: "surveyResults", vars, lang }, to, (t) => ({
    // Fixed words: the survey's title, which the member typed, stays out of the Subject line.
    subject: t("surveyResults.subject"),
    firstname: vars.firstname,
    notification: vars.notification,
    blocks: [
      { paragraph: t("surveyResults.intro", { title: vars.title }) },
      { paragraph: t("surveyResults.anonymous") },
      { button: t("surveyResults.action"), url: "/my_team/surveys" },
    ],
  }));
}
