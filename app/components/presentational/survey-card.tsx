import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { IntentButton } from "~/components/form/form";

type Survey = {
  id: string;
  title: string;
  sent: number;
  answered: number;
  closed: boolean;
  /** averageText: the average as the member's language writes it (the loader formats it). */
  results: { id: string; prompt: string; averageText: string; comments: string[] }[] | null;
};

/**
 * One sent survey: how many answered, a button to close it, and once closed with enough answers,
 * the anonymous results (shown once, never updated: no answer can be read by difference).
 */
export function SurveyCard({ survey }: { survey: Survey }) {
  const { t } = useTranslation("team");
  return (
    <article className="card survey-card" aria-label={survey.title}>
      <h3>{survey.title}</h3>
      <ul className="tags">
        <li className="tag">{t("surveys.sentTo", { count: survey.sent })}</li>
        <li className="tag">{t("surveys.answered", { count: survey.answered })}</li>
        {survey.closed ? <li className="tag">{t("surveys.closedTag")}</li> : null}
      </ul>
      {survey.results === null && !survey.closed ? (
        <>
          <p className="muted">{t("surveys.waiting", { count: survey.answered })}</p>
          <Form method="post" className="form">
            <input type="hidden" name="id" value={survey.id} />
            <p className="muted">{t("surveys.closeHint")}</p>
            <IntentButton intent="close" pendingLabel={t("surveys.pending")} look="ghost">
              {t("surveys.close")}
            </IntentButton>
          </Form>
        </>
      ) : survey.results === null ? (
        <p className="muted">{t("surveys.closedTooFew")}</p>
      ) : (
        <dl className="survey-results">
          {survey.results.map((result) => (
            <div key={result.id}>
              <dt>{result.prompt}</dt>
              <dd>
                <p className="survey-results__average">{t("surveys.average", { average: result.averageText })}</p>
                {result.comments.length ? (
                  <ul aria-label={t("surveys.comments")}>
                    {result.comments.map((comment, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: comments never move, and two can say the same
                      <li key={index}>{comment}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">{t("surveys.noComments")}</p>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
