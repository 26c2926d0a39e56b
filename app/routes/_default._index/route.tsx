import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { intentOf, refuse, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { goalSchema, weatherSchema } from "~/.server/space/forms.server";
import { editGoal, replaceGoal } from "~/.server/space/goals.server";
import { pageParam } from "~/.server/paging/paging.server";
import { overviewOf, today } from "~/.server/space/overview.server";
import { confirmedSessionsBetween } from "~/.server/coaching/sessions/member-sessions.server";
import { checkIn } from "~/.server/space/weather.server";
import { Field, FormAlert, SubmitButton, IntentButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { titleMeta } from "~/components/document/page-title";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { Pagination } from "~/components/presentational/pagination";
import { WeekCalendar } from "~/components/presentational/week-calendar";
import { useTranslation } from "~/i18n/react";
import { MyTraining } from "./my-training";

export const meta = titleMeta;

/** / — the overview (SPEC §2): main goal, my training, my interior weather, my schedule. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const t = await translator(lang);
  const url = new URL(request.url);
  const week = url.searchParams.get("week");
  return {
    title: t("overview.title"),
    firstname: member.firstname,
    ...(await overviewOf(member.id, lang, member.time_zone, week, pageParam(url), (from, to) =>
      confirmedSessionsBetween(member.id, from, to),
    )),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const formData = await request.formData();
  if (formData.get("form") === "weather") {
    const submission = parseWithZod(formData, { schema: weatherSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    await checkIn(member.id, today(member.time_zone), submission.value.mood);
    return redirect("/#weather", 303);
  }
  if (!intentOf(formData, ["edit", "new"], { withoutIntent: "edit" })) return refuseUnknownIntent();
  const submission = parseWithZod(formData, { schema: goalSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  if (submission.value.intent === "new") await replaceGoal(member.id, submission.value.title);
  else await editGoal(member.id, submission.value.title);
  return redirect("/#goal", 303);
}

export default function Overview() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("space");
  // The goal form posts intent "edit" or "new" (its two buttons); the weather form posts form=weather.
  const [goalForm, goalFields] = useFormReply<{ title: string }>(reply, {
    id: "goal-form",
    intent: ["edit", "new"],
    defaultValue: { title: data.goal?.title ?? "" },
  });
  const [weatherForm, weatherFields] = useFormReply<{ mood: string }>(reply, {
    id: "weather-form",
    intent: "weather",
    key: "form",
  });
  return (
    <>
      <header className="page-header">
        <h1>{t("common:overview.title")}</h1>
        <p className="lead">{t("overview.hello", { name: data.firstname })}</p>
      </header>
      <UnknownIntentAlert reply={reply} />
      <div className="overview">
        <section className="card overview__goal" id="goal" aria-labelledby="goal-title">
          <h2 id="goal-title">{t("goal.title")}</h2>
          {data.goal ? (
            <>
              <p className="goal__text">{data.goal.title}</p>
              <p className="muted">
                {t("goal.added", { date: data.goal.added })}
                {data.goal.edited ? ` · ${t("goal.updated", { date: data.goal.updated })}` : null}
              </p>
            </>
          ) : (
            <p className="muted">{t("goal.empty")}</p>
          )}
          <details className="goal__edit" open={Boolean(goalFields.title.errors) || !data.goal}>
            <summary>{data.goal ? t("goal.change") : t("goal.set")}</summary>
            <Form method="post" {...formProps(goalForm)} className="form" preventScrollReset>
              <FormAlert lines={goalForm.errors?.map((error) => t(error))} />
              <Field label={t("goal.field")} meta={goalFields.title} ns="space">
                <input {...fieldProps(goalFields.title, { type: "text" })} required maxLength={200} />
              </Field>
              <div className="actions">
                <IntentButton intent="edit" pendingLabel={t("saving")}>
                  {data.goal ? t("goal.save") : t("goal.set")}
                </IntentButton>
                {data.goal ? (
                  <IntentButton intent="new" pendingLabel={t("saving")} look="ghost">
                    {t("goal.new")}
                  </IntentButton>
                ) : null}
              </div>
            </Form>
          </details>
          {data.goalHistory.length ? (
            // Open when the member is paging through it (a link to page 2 lands here with it open).
            <details open={data.goalHistoryPage.page > 1} id="goal-history">
              <summary>{t("goal.history")}</summary>
              <ul className="check-list">
                {data.goalHistory.map((goal) => (
                  <li key={goal.added + goal.title}>
                    {goal.title} <span className="muted">({t("goal.added", { date: goal.added })})</span>
                  </li>
                ))}
              </ul>
              <Pagination {...data.goalHistoryPage} hash="#goal-history" label={t("goal.history")} />
            </details>
          ) : null}
        </section>

        <MyTraining inProgress={data.inProgress} testsTaken={data.testsTaken} testsOffered={data.testsOffered} />

        <section className="card" id="weather" aria-labelledby="weather-title">
          <h2 id="weather-title">{t("weather.title")}</h2>
          <p>{data.weather.today ? t(`weather.today.${data.weather.today}`) : t("weather.question")}</p>
          <Form method="post" {...formProps(weatherForm)} className="actions" preventScrollReset>
            <input type="hidden" name="form" value="weather" />
            <SubmitButton name="mood" value="top" pendingLabel={t("saving")} className="button button--primary">
              ☀ {t("weather.top")}
            </SubmitButton>
            <SubmitButton name="mood" value="not_top" pendingLabel={t("saving")} className="button button--ghost">
              ☁ {t("weather.notTop")}
            </SubmitButton>
          </Form>
          <FormAlert lines={weatherFields.mood.errors?.map((error) => t(error))} />
          <ol className="weather-days" aria-label={t("weather.lastDays")}>
            {data.weather.days.map((day) => (
              <li key={day.day} className={`weather-day weather-day--${day.mood ?? "none"}`}>
                <span>{day.label}</span>
                <span>{day.mood ? t(`weather.short.${day.mood}`) : "—"}</span>
              </li>
            ))}
          </ol>
        </section>

        <section className="card overview__schedule" aria-labelledby="schedule-title">
          <h2 id="schedule-title">{t("schedule.title")}</h2>
          <WeekCalendar week={data.week} />
        </section>
      </div>
    </>
  );
}
