import { guardPrivateLink } from "~/.server/auth/guard.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { refuse } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { translator } from "~/.server/i18n/i18n.server";
import { answersOf, parseAnswers } from "~/.server/surveys/answer-form.server";
import { answerSurvey, surveyOfToken } from "~/.server/surveys/surveys.server";
import { FormAlert, SubmitButton } from "~/components/form";
import { titleMeta } from "~/components/page-title";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /survey/{token}: a crew member's private link to a 360 survey. Public (no account needed); the
 * token is the only key, and it answers once.
 */
async function surveyOf(request: Request, token: string | undefined) {
  const survey = token ? await surveyOfToken(token) : null;
  if (!survey) notFound(request);
  return survey;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guardPrivateLink(request);
  const survey = await surveyOf(request, params.token);
  const t = await translator(request, "team");
  const state = survey.answered
    ? new URL(request.url).searchParams.has("done")
      ? "thanks"
      : "used"
    : survey.closed
      ? "closed"
      : "open";
  return { title: state === "open" ? survey.title : t(`survey.${state}Title`), state, survey };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardPrivateLink(request);
  const token = params.token ?? "";
  const survey = await surveyOf(request, token);
  const submission = parseAnswers(await request.formData(), survey.questions);
  if (submission.status !== "success") return refuse(submission.reply({ formErrors: ["errors.incomplete"] }));
  const outcome = await answerSurvey(token, answersOf(submission.value, survey.questions));
  if (!outcome.ok && outcome.error === "notFound") notFound(request);
  if (!outcome.ok) return refuse(submission.reply({ formErrors: [`errors.${outcome.error}`] }), 409);
  return redirect(`/survey/${token}?done`, 303);
}

const scores = ["1", "2", "3", "4", "5"] as const;

export default function AnswerSurvey() {
  const { state, survey } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation("team");
  if (state !== "open") {
    return (
      <section className="container section">
        <div className="card auth-card">
          <h1>{t(`survey.${state}Title`)}</h1>
          <p>{t(`survey.${state}Text`)}</p>
          <Link to="/home" className="button button--primary">
            {t("survey.discover")}
          </Link>
        </div>
      </section>
    );
  }
  const typed = (name: string) => {
    const value = refused?.initialValue?.[name];
    return typeof value === "string" ? value : "";
  };
  return (
    <section className="container section">
      <div className="card narrow">
        <h1>{survey.title}</h1>
        <p>{t("survey.intro", { memberName: survey.memberName })}</p>
        <p className="muted">
          {t("survey.asked", { count: survey.asked })} {t("survey.anonymous", { memberName: survey.memberName })}
        </p>
        <p className="muted">{t("survey.anonymityLimits", { memberName: survey.memberName })}</p>
        <Form method="post" className="form">
          <FormAlert lines={refused?.error?.[""]?.map((key) => t(key))} />
          {survey.questions.map((question) => {
            const errors = refused?.error?.[`score_${question.id}`];
            return (
              <fieldset
                key={question.id}
                className="question"
                aria-describedby={errors ? `score-${question.id}-error` : undefined}
              >
                <legend>{question.prompt}</legend>
                <div className="radio-row">
                  {scores.map((score) => (
                    <label key={score}>
                      <input
                        type="radio"
                        name={`score_${question.id}`}
                        value={score}
                        required
                        defaultChecked={typed(`score_${question.id}`) === score}
                      />
                      {t(`survey.scores.${score}`)}
                    </label>
                  ))}
                </div>
                {errors ? (
                  <p id={`score-${question.id}-error`} className="field__errors">
                    {t(errors[0])}
                  </p>
                ) : null}
                <div className="field">
                  <label htmlFor={`comment-${question.id}`}>{t("survey.comment")}</label>
                  <textarea
                    id={`comment-${question.id}`}
                    name={`comment_${question.id}`}
                    rows={3}
                    maxLength={1000}
                    defaultValue={typed(`comment_${question.id}`)}
                  />
                </div>
              </fieldset>
            );
          })}
          <SubmitButton pendingLabel={t("survey.pending")} className="button button--primary">
            {t("survey.submit")}
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}
