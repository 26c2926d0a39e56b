import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { translator } from "~/.server/i18n/i18n.server";
import { surveyRefusals } from "~/.server/surveys/contract.server";
import { closeSurvey, createSurvey, listSurveys } from "~/.server/surveys/surveys.server";
import { notFound } from "~/.server/http/not-found.server";
import { listCrew } from "~/.server/team/crew.server";
import { parseSurvey } from "~/.server/team/team-forms.server";
import { Field, FormAlert, SubmitButton } from "~/components/form";
import { titleMeta } from "~/components/page-title";
import { SurveyCard } from "~/components/survey-card";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

const suggestionKeys = ["listening", "reliability", "energy", "courage", "clarity"] as const;
const QUESTION_BOXES = 5;
// The first boxes come filled with suggestions: a survey ready to send, to edit at will.
const MIN_QUESTIONS = 3;

export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const t = await translator(request, "team");
  const [crew, surveys] = await Promise.all([listCrew(member.id), listSurveys(member.id)]);
  return {
    title: t("surveys.title"),
    crew: crew.map(({ id, name }) => ({ id, name })),
    surveys,
    suggestions: suggestionKeys.map((key) => t(`surveys.suggestions.${key}`)),
    sent: new URL(request.url).searchParams.has("sent"),
    closed: new URL(request.url).searchParams.has("closed"),
  };
}

/** POST: the survey and one private link per chosen crew member, each emailed; or closing one. */
export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const formData = await request.formData();
  if (formData.get("intent") === "close") {
    if (!(await closeSurvey(member.id, String(formData.get("id") ?? "")))) notFound(request);
    return redirect("/my_team/surveys?closed", 303);
  }
  const submission = parseSurvey(formData);
  if (submission.status !== "success") return refuse(submission.reply({ formErrors: ["errors.checkFields"] }));
  const { title, questions, crew } = submission.value;
  const result = await createSurvey(member, { title, questions, crewIds: crew });
  if (!result.ok) return refuseWith(submission, surveyRefusals[result.error]);
  return redirect("/my_team/surveys?sent", 303);
}

export default function Surveys() {
  const { crew, surveys, suggestions, sent, closed } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation("team");
  const typed = refused?.initialValue ?? null;
  const typedQuestions = Array.isArray(typed?.questions) ? (typed.questions as string[]) : null;
  const typedCrew = Array.isArray(typed?.crew)
    ? (typed.crew as string[])
    : typeof typed?.crew === "string"
      ? [typed.crew]
      : [];
  const errors = (name: string) => refused?.error?.[name] ?? undefined;
  return (
    <>
      <h1>{t("surveys.title")}</h1>
      <p className="lead">{t("surveys.lead")}</p>
      {sent ? <FormAlert tone="success" lines={[t("surveys.sent")]} /> : null}
      {closed ? <FormAlert tone="success" lines={[t("surveys.closed")]} /> : null}
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
      </section>
      <section className="card" aria-labelledby="new-survey-title">
        <h2 id="new-survey-title">{t("surveys.newTitle")}</h2>
        {crew.length === 0 ? (
          <p>{t("surveys.noCrew")}</p>
        ) : (
          <Form method="post" className="form">
            <FormAlert lines={refused?.error?.[""]?.map((key) => t(key))} />
            <Field
              label={t("surveys.titleLabel")}
              htmlFor="survey-title"
              errors={errors("title")}
              errorId="survey-title-error"
              ns="team"
            >
              <input
                id="survey-title"
                name="title"
                type="text"
                required
                maxLength={120}
                defaultValue={typeof typed?.title === "string" ? typed.title : t("surveys.defaultTitle")}
              />
            </Field>
            <fieldset className="field" aria-describedby="questions-hint">
              <legend>{t("surveys.questionsLegend")}</legend>
              <p id="questions-hint" className="field__hint">
                {t("surveys.questionsHint")}
              </p>
              {Array.from({ length: QUESTION_BOXES }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, question 1 to 5
                <div className="field" key={index}>
                  <label htmlFor={`question-${index}`}>{t("surveys.questionLabel", { n: index + 1 })}</label>
                  <input
                    id={`question-${index}`}
                    name={`questions[${index}]`}
                    type="text"
                    maxLength={200}
                    list="question-suggestions"
                    defaultValue={
                      typedQuestions ? (typedQuestions[index] ?? "") : index < MIN_QUESTIONS ? suggestions[index] : ""
                    }
                  />
                </div>
              ))}
              <datalist id="question-suggestions">
                {suggestions.map((suggestion) => (
                  <option key={suggestion} value={suggestion} />
                ))}
              </datalist>
              <ErrorLines errors={errors("questions")} />
            </fieldset>
            <fieldset className="field" aria-describedby="crew-hint">
              <legend>{t("surveys.crewLegend")}</legend>
              <p id="crew-hint" className="field__hint">
                {t("surveys.crewHint")}
              </p>
              <div className="radio-row">
                {crew.map((person) => (
                  <label key={person.id}>
                    <input
                      type="checkbox"
                      name="crew"
                      value={person.id}
                      defaultChecked={typedCrew.includes(person.id)}
                    />
                    {person.name}
                  </label>
                ))}
              </div>
              <ErrorLines errors={errors("crew")} />
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

function ErrorLines({ errors }: { errors?: string[] }) {
  const { t } = useTranslation("team");
  if (!errors?.length) return null;
  return (
    <p className="field__errors" role="alert">
      {errors.map((error) => t(error)).join(" ")}
    </p>
  );
}
