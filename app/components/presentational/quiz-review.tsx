import type { QuizReview as Review } from "~/.server/trainings/views.server";
import { useTranslation } from "~/i18n/react";

const tones = { passed: "success", failed: "error", done: "info" } as const;
const marks = { right: "tag--done", wrong: "tag--late", ungraded: "" } as const;

/**
 * The review of the member's last attempt, as Moodle's: passed only at or above the pass mark,
 * failed below it (what it takes, and that trying again is open), "finished" when nothing is
 * graded; then each question marked right or wrong, the answers picked, the right ones when the
 * author shows them, and the author's feedback.
 */
export function QuizReview({ review, changed }: { review: Review; changed: boolean }) {
  const { t } = useTranslation("trainings");
  const score = t("quiz.review.score", { count: review.right, total: review.total });
  return (
    <div className="quiz-review">
      <div className={`alert alert--${tones[review.outcome]}`} role="status">
        <h3 className="quiz-review__heading">{t(`quiz.review.${review.outcome}`)}</h3>
        {review.total > 0 ? <p>{score}</p> : <p>{t("quiz.saved")}</p>}
        {review.outcome === "failed" ? (
          <>
            <p>
              {t("quiz.review.needed", {
                count: review.needed ?? 0,
                total: review.total,
                percent: review.passPercent ?? 0,
              })}
            </p>
            <p>{t(review.requirePass ? "quiz.review.notCompleted" : "quiz.review.completedAnyway")}</p>
            <p>{t("quiz.review.tryAgain")}</p>
          </>
        ) : null}
      </div>
      {changed ? <p className="muted">{t("quiz.earlierText")}</p> : null}
      <ol className="quiz-review__questions">
        {review.questions.map((question) => (
          <li key={question.id} className={`quiz-review__question quiz-review__question--${question.outcome}`}>
            <p>
              <strong>{question.prompt}</strong>{" "}
              <span className={`tag ${marks[question.outcome]}`}>{t(`quiz.review.marks.${question.outcome}`)}</span>
            </p>
            <p>
              {question.picked.length
                ? t("quiz.review.picked", {
                    count: question.picked.length,
                    answers: question.picked.map((a) => a.label).join(" · "),
                  })
                : t("results.noAnswer")}
            </p>
            {question.right && question.outcome === "wrong" ? (
              <p>
                {t("quiz.review.right", {
                  count: question.right.length,
                  answers: question.right.map((a) => a.label).join(" · "),
                })}
              </p>
            ) : null}
            {question.feedback ? <p className="quiz-review__feedback">{question.feedback}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
