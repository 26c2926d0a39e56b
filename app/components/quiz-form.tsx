import { Form } from "@remix-run/react";
import { useState } from "react";
import type { ModuleView } from "~/.server/trainings/views.server";
import { stillToChoose, type SelectionError } from "~/forms/quiz";
import { useTranslation } from "~/i18n/react";
import { SubmitButton } from "./form";

type Question = NonNullable<ModuleView["quiz"]>["questions"][number];

/**
 * The quiz: each question with its selection limits (SPEC §5). The server always checks; with
 * JavaScript the count of answers still to choose follows the member's clicks.
 */
export function QuizForm({
  questions,
  chosen,
  errors,
  fieldName,
}: {
  questions: Question[];
  chosen: Record<string, string[]>;
  errors: Record<string, SelectionError>;
  fieldName: (questionId: string) => string;
}) {
  const { t } = useTranslation("trainings");
  return (
    <Form method="post" className="form" preventScrollReset>
      <input type="hidden" name="intent" value="quiz" />
      {questions.map((question) => (
        <QuizQuestion
          key={question.id}
          question={question}
          name={fieldName(question.id)}
          chosen={chosen[question.id] ?? []}
          error={errors[question.id]}
        />
      ))}
      <SubmitButton pendingLabel={t("quiz.pending")} className="button button--primary">
        {t("quiz.submit")}
      </SubmitButton>
    </Form>
  );
}

function QuizQuestion({
  question,
  name,
  chosen,
  error,
}: {
  question: Question;
  name: string;
  chosen: string[];
  error?: SelectionError;
}) {
  const { t } = useTranslation("trainings");
  const [selected, setSelected] = useState(chosen.length);
  const single = question.max === 1;
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  const remaining = stillToChoose(question, selected);
  // SPEC §4: each question counts its answers left unselected.
  const unselected = question.answers.length - selected;
  return (
    <fieldset
      className="question"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      onChange={(event) => setSelected(event.currentTarget.querySelectorAll("input:checked").length)}
    >
      <legend>{question.prompt}</legend>
      <p id={hintId} className="question__hint">
        {single ? t("quiz.single") : t("quiz.limits", { min: question.min, max: question.max })}
        {remaining > 0 ? (
          <>
            {" · "}
            <span aria-live="polite">{t("quiz.stillToChoose", { count: remaining })}</span>
          </>
        ) : null}
        {" · "}
        <span className="question__unselected">{t("quiz.unselected", { count: unselected })}</span>
      </p>
      <div className="answers">
        {question.answers.map((answer) => (
          <label key={answer.id} className="answer">
            <input
              type={single ? "radio" : "checkbox"}
              name={name}
              value={answer.id}
              defaultChecked={chosen.includes(answer.id)}
            />
            <span>{answer.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field__errors" role="alert">
          {"count" in error ? t(error.key, { count: error.count }) : t(error.key)}
        </p>
      ) : null}
    </fieldset>
  );
}
