import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { numberFormat } from "~/.server/i18n/number-formats.server";
import { surveyRefusals } from "~/.server/surveys/contract.server";
import { closeSurvey } from "~/.server/notifications/survey-results.server";
import { createSurvey, SURVEYS_PAGE_SIZE, surveysPage } from "~/.server/surveys/surveys.server";
import { pageParam } from "~/.server/paging/paging.server";
import { notFound } from "~/.server/http/not-found.server";
import { listCrew } from "~/.server/team/crew.server";
import { surveySchema } from "~/.server/team/team-forms.server";
import { ErrorList, Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { titleMeta } from "~/components/document/page-title";
import { Pagination } from "~/components/presentational/pagination";
import { SurveyCard } from "~/components/presentational/survey-card";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

const suggestionKeys = ["listening", "reliability", "energy", "courage", "clarity"] as const;
const QUESTION_BOXES = 5;
// The first boxes come filled with suggestions: a survey ready to send, to edit at will.
const MIN_QUESTIONS = 3;

export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const t = await translator(request, "team");
  const url = new URL(request.url);
  const [crew, { items: surveys, page }] = await Promise.all([
    listCrew(member.id),
    surveysPage(member.id, { page: pageParam(url), limit: SURVEYS_PAGE_SIZE }),
  ]);
  // Averages written here, not in the browser (i18n/number-formats.server.ts).
  const averages = numberFormat(await localeOf(request));
  return {
    title: t("surveys.title"),
    crew: crew.map(({ id, name }) => ({ id, name })),
    surveys: surveys.map((survey) => ({
      ...survey,
      results: survey.results?.map((result) => ({ ...result, averageText: averages.format(result.average) })) ?? null,
    })),
    page: { page: page.page, pages: page.pages },
    suggestions: suggestionKeys.map((key) => t(`surveys.suggestions.${key}`)),
    sent: url.searchParams.has("sent"),
    closed: url.searchParams.has("closed"),
  };
}

/** POST: the survey and one private link per chosen crew member, each emailed; or closing one. */
export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const formData = await request.formData();
  const intent = intentOf(formData, ["send", "close"], { withoutIntent: "send" });
  if (!intent) return refuseUnknownIntent();
  if (intent === "close") {
    if (!(await closeSurvey(member.id, String(formData.get("id") ?? "")))) notFound(request);
    // Back on the page of the list the survey was closed from.
    const page = pageParam(new URL(request.url));
    return redirect(`/my_team/surveys?closed${page > 1 ? `&page=${page}` : ""}`, 303);
  }
  const submission = parseWithZod(formData, { schema: surveySchema });
  if (submission.status !== "success") return refuse(submission.reply({ formErrors: ["errors.checkFields"] }));
  const { title, questions, crew } = submission.value;
  const result = await createSurvey(member, { title, questions, crewIds: crew });
  if (!result.ok) return refuseWith(submission, surveyRefusals[result.error]);
  return redirect("/my_team/surveys?sent", 303);
}

export default function Surveys() {
  const { crew, surveys, page, suggestions, sent, closed } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("team");
  const [form, fields] = useFormReply<{ title: string; questions: string[]; crew: string[] }>(reply, {
    id: "survey",
    defaultValue: {
      title: t("surveys.defaultTitle"),
      questions: Array.from({ length: QUESTION_BOXES }, (_, index) =>
        index < MIN_QUESTIONS ? suggestions[index] : "",
      ),
    },
  });
  return (
    <>
      <h1>{t("surveys.title")}</h1>
      <p className="lead">{t("surveys.lead")}</p>
      {sent ? <FormAlert tone="success" lines={[t("surveys.sent")]} /> : null}
      {closed ? <FormAlert tone="success" lines={[t("surveys.closed")]} /> : null}
      <UnknownIntentAlert reply={reply} />
      <section aria-labelledby="surveys-list-title">
        <h2 id="surveys-list-title">{t("surveys.listTitle")}</h2>
        {surveys.length === 0 ? <p className="muted">{t("surveys.empty")}</p> : null}
        <ul className="crew-list">
          {surveys.map((survey) => (
            <li key={survey.id}>
              <SurveyCard survey={survey} />
            </li>
          ))}
        </ul>
        <Pagination {...page} hash="#surveys-list-title" label={t("surveys.listTitle")} />
      </section>
      <section className="card" aria-labelledby="new-survey-title">
        <h2 id="new-survey-title">{t("surveys.newTitle")}</h2>
        {crew.length === 0 ? (
          <p>{t("surveys.noCrew")}</p>
        ) : (
          <Form method="post" {...formProps(form)} className="form">
            <FormAlert lines={form.errors?.map((key) => t(key))} />
            <Field label={t("surveys.titleLabel")} meta={fields.title} ns="team">
              <input {...fieldProps(fields.title, { type: "text" })} required maxLength={120} />
            </Field>
            <fieldset className="field" aria-describedby={fields.questions.descriptionId}>
              <legend>{t("surveys.questionsLegend")}</legend>
              <p id={fields.questions.descriptionId} className="field__hint">
                {t("surveys.questionsHint")}
              </p>
              {Array.from({ length: QUESTION_BOXES }, (_, index) => {
                // The five boxes always show, even when a refused answer came back with fewer.
                const question = fields[`questions[${index}]`];
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, question 1 to 5
                  <div className="field" key={index}>
                    <label htmlFor={question.id}>{t("surveys.questionLabel", { n: index + 1 })}</label>
                    <input {...fieldProps(question, { type: "text" })} maxLength={200} list="question-suggestions" />
                  </div>
                );
              })}
              <datalist id="question-suggestions">
                {suggestions.map((suggestion) => (
                  <option key={suggestion} value={suggestion} />
                ))}
              </datalist>
              <ErrorList id={fields.questions.errorId} errors={fields.questions.errors} ns="team" />
            </fieldset>
            <fieldset className="field" aria-describedby={fields.crew.descriptionId}>
              <legend>{t("surveys.crewLegend")}</legend>
              <p id={fields.crew.descriptionId} className="field__hint">
                {t("surveys.crewHint")}
              </p>
              <div className="radio-row">
                {crew.map((person) => (
                  <label key={person.id}>
                    <input {...fieldProps(fields.crew, { type: "checkbox", value: person.id })} />
                    {person.name}
                  </label>
                ))}
              </div>
              <ErrorList id={fields.crew.errorId} errors={fields.crew.errors} ns="team" />
            </fieldset>
            <SubmitButton pendingLabel={t("surveys.pending")} className="button button--primary">
              {t("surveys.send")}
            </SubmitButton>
          </Form>
        )}
      </section>
    </>
  );
}
