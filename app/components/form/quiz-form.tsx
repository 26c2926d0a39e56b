import { Form } from "@remix-run/react";
import { useState } from "react";
import type { ModuleView } from "~/.server/trainings/views.server";
import { answerFieldName, stillToChoose, type SelectionLimits } from "~/forms/quiz";
import { useTranslation } from "~/i18n/react";
import type { FieldMeta } from "~/components/form/form";
import { type Fields, type FormMeta, fieldProps, useFormReply } from "~/components/form/form-reply";
import { SubmitButton } from "~/components/form/form";

type Question = NonNullable<ModuleView["quiz"]>["questions"][number];

/**
 * The number a question's error message shows (SPEC §5): its min for "at least", its max for
 * "at most"; none for "required", whose message has no number. The server's reply names the
 * message (its key, under `q_<question>`); the question gives the number.
 */
export function errorCount(limits: SelectionLimits, key: string): number | undefined {
  if (key === "quiz.errors.atLeast") return limits.min;
  if (key === "quiz.errors.atMost") return limits.max;
  return undefined;
}

/**
 * The quiz's metadata from the action's answer (conform's reply, made by the page's action): the
 * choices to show again and each question's error, or, with no refusal, the last answers stored.
 */
export function useQuizReply(reply: unknown, last: Record<string, string[]> | undefined) {
  const defaultValue = Object.fromEntries(
    Object.entries(last ?? {}).map(([question, answers]) => [answerFieldName(question), answers]),
  );
  return useFormReply(reply, { id: "quiz-form", intent: "quiz", defaultValue });
}

/** The answer ids a question's field shows checked. */
function chosenOf(meta: FieldMeta): string[] {
  const shown = meta.initialValue;
  if (Array.isArray(shown)) return shown.map(String);
  return typeof shown === "string" ? [shown] : [];
}

/**
 * The quiz: each question with its selection limits (SPEC §5), its field `q_<question>` read from
 * `useQuizReply`. The server always checks; with JavaScript the count of answers still to choose
 * follows the member's clicks.
 */
export function QuizForm({
  questions,
  form,
  fields,
}: {
  questions: Question[];
  form: FormMeta;
  fields: Fields<Record<string, unknown>>;
}) {
  const { t } = useTranslation("trainings");
  return (
    <Form method="post" id={form.id} className="form" preventScrollReset>
      <input type="hidden" name="intent" value="quiz" />
      {questions.map((question) => (
        <QuizQuestion key={question.id} question={question} meta={fields[answerFieldName(question.id)]} />
      ))}
      <SubmitButton pendingLabel={t("quiz.pending")} className="button button--primary">
        {t("quiz.submit")}
      </SubmitButton>
    </Form>
  );
}

function QuizQuestion({ question, meta }: { question: Question; meta: FieldMeta }) {
  const { t } = useTranslation("trainings");
  const [selected, setSelected] = useState(() => chosenOf(meta).length);
  const single = question.max === 1;
  const hintId = meta.descriptionId;
  const error = meta.errors?.[0];
  const count = error === undefined ? undefined : errorCount(question, error);
  const remaining = stillToChoose(question, selected);
  // SPEC §4: each question counts its answers left unselected.
  const unselected = question.answers.length - selected;
  return (
    <fieldset
      className="question"
      aria-describedby={error ? `${hintId} ${meta.errorId}` : hintId}
      onChange={(event) => setSelected(event.currentTarget.querySelectorAll("input:checked").length)}
    >
      <legend>{question.prompt}</legend>
      <p id={hintId} className="question__hint">
        {single
          ? t("quiz.single")
          : question.min === question.max
            ? t("quiz.exactly", { count: question.max })
            : t("quiz.limits", { min: question.min, max: question.max })}
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
            {/* The question's group carries its errors (aria-describedby above), not each answer. */}
            <input
              {...fieldProps({ ...meta, errors: undefined }, { type: single ? "radio" : "checkbox", value: answer.id })}
            />
            <span>{answer.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={meta.errorId} className="field__errors" role="alert">
          {count === undefined ? t(error) : t(error, { count })}
        </p>
      ) : null}
    </fieldset>
  );
}
