import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { intentOf, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { trainingBounds } from "~/content/training-schema";
import { titleMeta } from "~/components/document/page-title";
import { Field, SubmitButton } from "~/components/form/form";
import { fieldProps, useFormReply } from "~/components/form/form-reply";
import { BothLanguages } from "~/components/presentational/both-languages";
import { useTranslation } from "~/i18n/react";
import { BilingualField, DraftAlerts, DraftForm } from "~/routes/_default.author/draft-form";
import { draftAuthor, draftPage, savedOf } from "~/routes/_default.author/draft-page.server";
import { CheckField, CountedErrors, ItemButtons, EditorAlerts, written } from "~/routes/_default.author/quiz-forms";
import { INTENTS, postQuestionChange, questionPage, SAVED } from "./question-page.server";

export const meta = titleMeta;

/**
 * /author/trainings/<slug>/modules/<module>/quiz/<question>: one question. Its
 * prompt, how many answers a member picks (the rule `1 ≤ min ≤ max ≤ answers`, told with its
 * numbers) and its answers' labels with the right ones (a training) or their points per skill (a
 * test), saved at once; its answers added, moved and removed by their own small forms.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft, lang, query } = await draftPage(request, params.slug);
  const module = draft.content.modules.find((m) => m.slug === params.module);
  const index = (module?.quiz?.questions ?? []).findIndex((q) => q.id === params.question);
  if (!module || index < 0) notFound(request);
  return { ...questionPage(draft, module, index, lang), saved: savedOf(query, SAVED) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { author } = await draftAuthor(request);
  const formData = await request.formData();
  const intent = intentOf(formData, INTENTS);
  if (!intent) return refuseUnknownIntent();
  const where = { slug: params.slug ?? "", moduleSlug: params.module ?? "", questionId: params.question ?? "" };
  return postQuestionChange(intent, formData, where, author);
}

/** A number the rule's message names: the one posted (a whole number) or the one saved. */
function numberOf(shown: unknown, saved: number): number {
  return typeof shown === "string" && /^\d{1,3}$/.test(shown) ? Number(shown) : saved;
}

export default function QuestionEditor() {
  const { slug, kind, revision, saved, module, number, total, question, answers, skills, values } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // What every form of the page posts with: the revision it was read at, and the reply it shows.
  const draft = { reply, revision };
  const { t } = useTranslation("author");
  const quizPage = `/author/trainings/${slug}/modules/${module.slug}/quiz`;
  const [form, fields] = useFormReply<Record<string, unknown>>(reply, {
    id: "question",
    intent: "question",
    defaultValue: values,
  });
  const [listForm, listFields] = useFormReply(reply, { id: "answers", intent: ["moveAnswer", "removeAnswer"] });
  const [addForm, addFields] = useFormReply(reply, { id: "answer-add", intent: "addAnswer" });
  const max = numberOf(fields.max.initialValue, question.max);
  // The rules on min and max agree with the maximum: "au plus 1 peut l’être".
  const counts = { min: numberOf(fields.min.initialValue, question.min), max, count: max, answers: answers.length };
  const answerName = (index: number) => t("quiz.editor.answer", { number: index + 1 });
  return (
    <>
      <p>
        <Link to={quizPage}>← {t("quiz.editor.back")}</Link>
      </p>
      <EditorAlerts saved={saved && `quiz.saved.${saved}`} reply={reply} />
      <DraftForm
        {...draft}
        form={form}
        intent="question"
        title={t("quiz.editor.title")}
        eyebrow={t("quiz.editor.of", { number, total })}
      >
        <BilingualField fields={fields} name="prompt" label={t("quiz.editor.prompt")} multiline />
        <fieldset className="author-limits">
          <legend>{t("quiz.editor.limits")}</legend>
          <p className="field__hint" id={fields.max.descriptionId}>
            {t("quiz.editor.limitsHint", { count: answers.length })}
          </p>
          {(["min", "max"] as const).map((name) => (
            <div key={name} className={fields[name].errors ? "field field--invalid" : "field"}>
              <label htmlFor={fields[name].id}>{t(`quiz.editor.${name}`)}</label>
              <input
                {...fieldProps(fields[name], { described: fields.max.descriptionId })}
                type="number"
                min={1}
                max={trainingBounds.answers}
                step={1}
                inputMode="numeric"
              />
              <CountedErrors id={fields[name].errorId} errors={fields[name].errors} values={counts} />
            </div>
          ))}
        </fieldset>
        {answers.map((answer, index) => (
          <fieldset key={answer.id} className="author-answer">
            <legend>{answerName(index)}</legend>
            <input type="hidden" name={`answers[${index}].id`} value={answer.id} />
            <BilingualField fields={fields} name={`answers[${index}].label`} label={t("quiz.editor.label")} />
            {kind === "training" ? (
              <CheckField meta={fields[`answers[${index}].correct`]} value="on" label={t("quiz.editor.correct")} />
            ) : (
              <fieldset className="author-scores">
                <legend>{t("quiz.editor.points")}</legend>
                {skills.length === 0 ? <p className="muted">{t("quiz.editor.noSkills")}</p> : null}
                {skills.map((skill) => {
                  const meta = fields[`answers[${index}].scores.${skill.id}`];
                  return (
                    <Field key={skill.id} meta={meta} label={skill.label} ns="author">
                      <input
                        {...fieldProps(meta)}
                        type="number"
                        min={0}
                        max={trainingBounds.score}
                        step="any"
                        inputMode="decimal"
                      />
                    </Field>
                  );
                })}
              </fieldset>
            )}
          </fieldset>
        ))}
        {kind === "training" ? (
          <BilingualField
            fields={fields}
            name="feedback"
            label={t("quiz.editor.feedback")}
            hint={t("quiz.editor.feedbackHint")}
            multiline
          />
        ) : null}
        <SubmitButton pendingLabel={t("quiz.saving")}>{t("quiz.editor.save")}</SubmitButton>
      </DraftForm>
      <section className="card" aria-labelledby="answers-title">
        <h2 id="answers-title">{t("quiz.editor.answers")}</h2>
        <p className="muted">{t("quiz.editor.answersHint", { count: answers.length, max: trainingBounds.answers })}</p>
        <DraftAlerts form={listForm} reply={reply} />
        <CountedErrors
          id={listFields.answer.errorId}
          errors={listFields.answer.errors}
          values={{ max: question.max, count: answers.length - 1 }}
        />
        <ol className="author-items">
          {answers.map((answer, index) => (
            <li key={answer.id} className="author-item">
              <p className="eyebrow">{answerName(index)}</p>
              <BothLanguages text={written(answer.label, t("quiz.empty"))} />
              <ItemButtons
                revision={revision}
                field="answer"
                id={answer.id}
                label={answerName(index)}
                first={index === 0}
                last={index === answers.length - 1}
                move="moveAnswer"
                remove="removeAnswer"
              />
            </li>
          ))}
        </ol>
      </section>
      {answers.length < trainingBounds.answers ? (
        <DraftForm {...draft} form={addForm} intent="addAnswer" title={t("quiz.editor.addAnswer")}>
          <BilingualField fields={addFields} name="label" label={t("quiz.editor.label")} />
          <SubmitButton pendingLabel={t("quiz.saving")}>{t("quiz.editor.addAnswerSubmit")}</SubmitButton>
        </DraftForm>
      ) : (
        <p className="card">{t("quiz.editor.full", { max: trainingBounds.answers })}</p>
      )}
    </>
  );
}
