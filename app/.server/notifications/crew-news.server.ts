import { eq } from "drizzle-orm";
import type { Transaction } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { logger } from "~/.server/observability/logger.server";
import { isLanguage } from "~/i18n/config";
import { surveyResultsMail } from "./crew-news-mail.server";
import { settingsOf } from "./settings.server";
import { unsubscribePath } from "~/.server/mail/unsubscribe-links.server";

/**
 * Crew news: a survey's results show to its author alone (the crew answers
 * anonymously and never sees them), so the news goes to the author, if they switched crew news on,
 * in the transaction that made the results visible: it happens once, so the mail goes once.
 */
export async function queueSurveyResultsNews(tx: Transaction, survey: { memberId: string; title: string }) {
  if (!(await settingsOf(survey.memberId, tx)).crewNews) return;
  const [author] = await tx
    .select({ identityId: appUsers.identityId, firstname: appUsers.firstname, lang: appUsers.lang })
    .from(appUsers)
    .where(eq(appUsers.id, survey.memberId));
  if (!author) return;
  // Identities out of reach cost the news, never the answer or the closing that made the results.
  const to = await identity()
    .emailOf(author.identityId, tx)
    .catch((error: Error) => {
      logger.warn({ member: survey.memberId, error: error.message }, "crew news not sent: the address is out of reach");
      return null;
    });
  if (!to) return;
  const notification = {
    memberId: survey.memberId,
    kind: "crewNews",
    unsubscribe: unsubscribePath(survey.memberId, "crewNews"),
  };
  const lang = isLanguage(author.lang) ? author.lang : "fr";
  await queueMail(tx, surveyResultsMail(lang, to, { firstname: author.firstname, title: survey.title, notification }));
}
