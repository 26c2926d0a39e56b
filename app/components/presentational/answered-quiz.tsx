import { useTranslation } from "~/i18n/react";

type Answered = { id: string; prompt: string; picked: string[] }[];

/**
 * A member's answers as they read them: each question, then the labels they picked. A file of its
 * own: the module page shows it without the result pages' charts in its bundle.
 */
export function AnsweredQuiz({ answers }: { answers: Answered }) {
  const { t } = useTranslation("trainings");
  return (
    <ol className="answered-quiz">
      {answers.map((question) => (
        <li key={question.id}>
          <p>{question.prompt}</p>
          {question.picked.length ? (
            <ul>
              {question.picked.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t("results.noAnswer")}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
