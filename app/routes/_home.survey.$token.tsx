import { guardPrivateLink } from "~/.server/auth/guard.server";
import { parseWithZod } from "~/forms/submission";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { translator } from "~/.server/i18n/i18n.server";
import { answerSchema, answersOf } from "~/.server/surveys/answer-form.server";
import { answerRefusals } from "~/.server/surveys/contract.server";
import { answerSurvey } from "~/.server/notifications/survey-results.server";
import { surveyOfToken } from "~/.server/surveys/surveys.server";
import { ErrorList, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { titleMeta } from "~/components/document/page-title";
import { useTranslation } from "~/i18n/react";
import { TextAreaField } from "~/components/form/text-area-field";
import { ButtonLink } from "~/components/presentational/button-link";

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
  const submission = parseWithZod(await request.formData(), { schema: answerSchema(survey.questions) });
  if (submission.status !== "success") return refuse(submission.reply({ formErrors: ["errors.incomplete"] }));
  const outcome = await answerSurvey(token, answersOf(submission.value, survey.questions));
  if (!outcome.ok && outcome.error === "notFound") notFound(request);
  if (!outcome.ok) return refuseWith(submission, answerRefusals[outcome.error]);
  return redirect(`/survey/${token}?done`, 303);
}

const scores = ["1", "2", "3", "4", "5"] as const;

export default function AnswerSurvey() {
  const { state, survey } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("team");
  const [form, fields] = useFormReply<Record<string, string>>(reply, { id: "survey-answer" });
  if (state !== "open") {
    return (
      <section className="container section">
        <div className="card auth-card">
          <h1>{t(`survey.${state}Title`)}</h1>
          <p>{t(`survey.${state}Text`)}</p>
          <ButtonLink to="/home">{t("survey.discover")}</ButtonLink>
        </div>
      </section>
    );
  }
  return (
    <section className="container section">
      <div className="card narrow">
        <h1>{survey.title}</h1>
        <p>{t("survey.intro", { memberName: survey.memberName })}</p>
        <p className="muted">
          {t("survey.asked", { count: survey.asked })} {t("survey.anonymous", { memberName: survey.memberName })}
        </p>
        <p className="muted">{t("survey.anonymityLimits", { memberName: survey.memberName })}</p>
        <Form method="post" {...formProps(form)} className="form">
          <FormAlert lines={form.errors?.map((key) => t(key))} />
          {survey.questions.map((question) => {
            const score = fields[`score_${question.id}`];
            const comment = fields[`comment_${question.id}`];
            return (
              <fieldset
                key={question.id}
                className="question"
                aria-describedby={score.errors ? score.errorId : undefined}
              >
                <legend>{question.prompt}</legend>
                <div className="radio-row">
                  {scores.map((value) => (
                    <label key={value}>
                      <input {...fieldProps(score, { type: "radio", value })} required />
                      {t(`survey.scores.${value}`)}
                    </label>
                  ))}
                </div>
                <ErrorList id={score.errorId} errors={score.errors?.slice(0, 1)} ns="team" />
                <TextAreaField label={t("survey.comment")} meta={comment} ns="team" rows={3} maxLength={1000} />
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
