import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { intentOf, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { trainingBounds } from "~/content/training-schema";
import { titleMeta } from "~/components/document/page-title";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { BothLanguages } from "~/components/presentational/both-languages";
import { useTranslation } from "~/i18n/react";
import { BilingualField, DraftAlerts, DraftForm, RevisionField } from "~/routes/_default.author/draft-form";
import { draftAuthor, draftPage, savedOf } from "~/routes/_default.author/draft-page.server";
import { CheckField, ItemButtons, EditorAlerts, written } from "~/routes/_default.author/quiz-forms";
import { INTENTS, postQuizChange, quizPage, SAVED } from "./quiz-page.server";

export const meta = titleMeta;

/**
 * /author/trainings/<slug>/modules/<module>/quiz: a module's quiz. Add it or
 * remove it, its pass mark (a training's), its questions in order with their limits, each opened
 * in its own editor (…/quiz/<question>), moved, removed or added.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft, query } = await draftPage(request, params.slug);
  const module = draft.content.modules.find((m) => m.slug === params.module);
  if (!module) notFound(request);
  return { ...quizPage(draft, module), saved: savedOf(query, SAVED) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { author } = await draftAuthor(request);
  const formData = await request.formData();
  const intent = intentOf(formData, INTENTS);
  if (!intent) return refuseUnknownIntent();
  return postQuizChange(intent, formData, params.slug ?? "", params.module ?? "", author);
}

export default function QuizEditor() {
  const { slug, kind, revision, saved, module, quiz } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // What every form of the page posts with: the revision it was read at, and the reply it shows.
  const draft = { reply, revision };
  const { t } = useTranslation("author");
  const modulePage = `/author/trainings/${slug}/modules/${module.slug}`;
  const [addForm] = useFormReply(reply, { id: "quiz-add", intent: "addQuiz" });
  const [listForm] = useFormReply(reply, { id: "quiz-questions", intent: ["moveQuestion", "removeQuestion"] });
  const [passForm, passFields] = useFormReply(reply, {
    id: "quiz-pass",
    intent: "passMark",
    defaultValue: {
      passPercent: String(quiz?.passPercent ?? ""),
      requirePass: quiz?.requirePass ? "on" : undefined,
      showAnswers: quiz?.showAnswers ? "on" : undefined,
    },
  });
  const [questionForm, questionFields] = useFormReply(reply, { id: "quiz-question", intent: "addQuestion" });
  const [removeForm, removeFields] = useFormReply(reply, { id: "quiz-remove", intent: "removeQuiz" });
  return (
    <>
      <p>
        <Link to={modulePage}>← {t("quiz.backToModule")}</Link>
      </p>
      <EditorAlerts saved={saved && `quiz.saved.${saved}`} reply={reply} />
      <section className="card author-quiz">
        <h2>{t("quiz.title")}</h2>
        <BothLanguages text={module.title} />
        {quiz === null ? (
          <Form method="post" {...formProps(addForm)}>
            <DraftAlerts form={addForm} reply={reply} />
            <p>{t("quiz.none")}</p>
            <RevisionField revision={revision} />
            <input type="hidden" name="intent" value="addQuiz" />
            <SubmitButton pendingLabel={t("quiz.saving")} className="button button--primary">
              {t("quiz.add")}
            </SubmitButton>
          </Form>
        ) : (
          <>
            <p className="muted">{t("quiz.count", { count: quiz.questions.length, max: trainingBounds.questions })}</p>
            <DraftAlerts form={listForm} reply={reply} />
            {quiz.questions.length === 0 ? <p>{t("quiz.noQuestions")}</p> : null}
            <ol className="author-items">
              {quiz.questions.map((question, index) => (
                <li key={question.id} className="author-item">
                  <p className="eyebrow">{t("quiz.question", { number: index + 1 })}</p>
                  <BothLanguages text={written(question.prompt, t("quiz.empty"))} />
                  <p className="muted">
                    {t("quiz.limits", { min: question.min, max: question.max, count: question.answers })}
                    {kind === "training" ? ` · ${t("quiz.right", { count: question.right })}` : null}
                    {question.answers < 2 ? ` · ${t("quiz.fewAnswers")}` : null}
                  </p>
                  <div className="author-item__actions">
                    <Link
                      to={`/author/trainings/${slug}/modules/${module.slug}/quiz/${question.id}`}
                      className="button button--primary button--small"
                    >
                      {t("quiz.edit")}
                      <span className="visually-hidden"> {t("quiz.question", { number: index + 1 })}</span>
                    </Link>
                    <ItemButtons
                      revision={revision}
                      field="question"
                      id={question.id}
                      label={t("quiz.question", { number: index + 1 })}
                      first={index === 0}
                      last={index === quiz.questions.length - 1}
                      move="moveQuestion"
                      remove="removeQuestion"
                    />
                  </div>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
      {quiz ? (
        <>
          {quiz.questions.length < trainingBounds.questions ? (
            <DraftForm {...draft} form={questionForm} intent="addQuestion" title={t("quiz.addQuestion")}>
              <p className="muted">{t("quiz.addQuestionHint")}</p>
              <BilingualField fields={questionFields} name="prompt" label={t("quiz.prompt")} multiline />
              <SubmitButton pendingLabel={t("quiz.saving")}>{t("quiz.addQuestionSubmit")}</SubmitButton>
            </DraftForm>
          ) : (
            <p className="card">{t("quiz.full", { max: trainingBounds.questions })}</p>
          )}
          {kind === "training" ? (
            <DraftForm {...draft} form={passForm} intent="passMark" title={t("quiz.passMark")}>
              {quiz.markMissing ? <FormAlert tone="info" lines={[t("quiz.markMissing")]} /> : null}
              <Field meta={passFields.passPercent} label={t("quiz.passPercent")} hint={t("quiz.passHint")} ns="author">
                <input
                  {...fieldProps(passFields.passPercent, { described: passFields.passPercent.descriptionId })}
                  type="number"
                  min={1}
                  max={100}
                  step={1}
                  inputMode="numeric"
                />
              </Field>
              <CheckField meta={passFields.requirePass} value="on" label={t("quiz.requirePass")} />
              <CheckField meta={passFields.showAnswers} value="on" label={t("quiz.showAnswers")} />
              <SubmitButton pendingLabel={t("quiz.saving")}>{t("quiz.savePassMark")}</SubmitButton>
            </DraftForm>
          ) : null}
          <DraftForm {...draft} form={removeForm} intent="removeQuiz" title={t("quiz.remove")} danger>
            <CheckField
              meta={removeFields.confirm}
              value="yes"
              label={t("quiz.removeConfirm", { count: quiz.questions.length })}
            />
            <SubmitButton pendingLabel={t("quiz.saving")} className="button button--danger">
              {t("quiz.removeSubmit")}
            </SubmitButton>
          </DraftForm>
        </>
      ) : null}
    </>
  );
}
