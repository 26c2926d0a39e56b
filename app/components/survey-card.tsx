import { useTranslation } from "~/i18n/react";

type Survey = {
  title: string;
  sent: number;
  answered: number;
  results: { id: string; prompt: string; average: number; comments: string[] }[] | null;
};

/** One sent survey: how many answered, and once there are enough, the anonymous results. */
export function SurveyCard({ survey }: { survey: Survey }) {
  const { t, i18n } = useTranslation("team");
  return (
    <article className="card survey-card" aria-label={survey.title}>
      <h3>{survey.title}</h3>
      <ul className="tags">
        <li className="tag">{t("surveys.sentTo", { count: survey.sent })}</li>
        <li className="tag">{t("surveys.answered", { count: survey.answered })}</li>
      </ul>
      {survey.results === null ? (
        <p className="muted">{t("surveys.waiting", { count: survey.answered })}</p>
      ) : (
        <dl className="survey-results">
          {survey.results.map((result) => (
            <div key={result.id}>
              <dt>{result.prompt}</dt>
              <dd>
                <p className="survey-results__average">{t("surveys.average", { average: result.average.toLocaleString(i18n.language) })}</p>
                {result.comments.length ? (
                  <ul aria-label={t("surveys.comments")}>
                    {result.comments.map((comment, index) => (
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
