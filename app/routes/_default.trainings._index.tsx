import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "~/forms/submission";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { refuse } from "~/.server/http/form-reply.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { redeemCode } from "~/.server/trainings/access.server";
import { trainingsOf } from "~/.server/trainings/catalogue.server";
import { trainingCard } from "~/.server/trainings/views.server";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { titleMeta } from "~/components/document/page-title";
import { TrainingList } from "~/components/presentational/training-card";
import { accessCodeSchema } from "~/.server/trainings/access-code-form.server";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/presentational/page-header";

export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "trainings");
  const cards = (await trainingsOf(member.id, { archived: false })).map((training) => trainingCard(training, lang));
  const unlocked = new URL(request.url).searchParams.get("unlocked");
  return {
    title: t("trainings.title"),
    trainings: cards.filter((card) => card.kind === "training"),
    tests: cards.filter((card) => card.kind === "test"),
    unlocked: cards.find((card) => card.slug === unlocked)?.title ?? null,
  };
}

/** POST /trainings: an access code unlocks the payable training it names (wrong codes are rate-limited). */
export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const submission = parseWithZod(await request.formData(), { schema: accessCodeSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const result = await redeemCode(member.id, submission.value.code);
  if (!result.ok)
    return refuse(
      submission.reply({ fieldErrors: { code: [`trainings.${result.error}`] } }),
      result.error === "codeTooManyTries" ? 429 : 422,
    );
  return redirect(`/trainings?unlocked=${result.trainingSlug}`, 303);
}

export default function Trainings() {
  const { trainings, tests, unlocked } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // A one-field form checked on the server only: no validation code to ship to the browser.
  const [form, fields] = useFormReply<{ code: string }>(reply, { id: "access" });
  const { t } = useTranslation("trainings");
  return (
    <>
      <PageHeader title={t("trainings.title")} lead={t("trainings.lead")} />
      {unlocked ? <FormAlert tone="success" lines={[`${unlocked} — ${t("trainings.unlocked")}`]} /> : null}
      {/* The cards' titles are h3: each list has its h2 (headings in order, for screen readers). */}
      <h2>{t("trainings.trainingsTitle")}</h2>
      <TrainingList trainings={trainings} />
      <h2>{t("trainings.testsTitle")}</h2>
      <TrainingList trainings={tests} />
      <section className="card" id="unlock" aria-labelledby="unlock-title">
        <h2 id="unlock-title">{t("trainings.unlockTitle")}</h2>
        <p>{t("trainings.unlockText")}</p>
        <Form method="post" {...formProps(form)} className="form">
          <FormAlert lines={form.errors?.map((error) => t(error))} />
          <Field meta={fields.code} label={t("trainings.code")} ns="trainings">
            <input
              {...fieldProps(fields.code, { type: "text" })}
              required
              maxLength={64}
              autoComplete="off"
              autoCapitalize="characters"
            />
          </Field>
          <SubmitButton pendingLabel={t("quiz.pending")} className="button button--primary">
            {t("trainings.unlock")}
          </SubmitButton>
        </Form>
      </section>
      <p className="form-links">
        <Link to="/result">{t("trainings.resultsLink")}</Link>
        <Link to="/old_trainings">{t("trainings.oldLink")}</Link>
      </p>
    </>
  );
}
