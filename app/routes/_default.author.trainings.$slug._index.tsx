import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { saveDraftPost } from "~/routes/_default.author/draft-change-post.server";
import { saveTrainingMeta, trainingMetaSchema } from "~/.server/authoring/training-meta.server";
import { outlineOf } from "~/.server/authoring/trainings-list.server";
import { DraftAlerts, RevisionField } from "~/routes/_default.author/draft-form";
import { AccessField, TitleAndSummaryFields } from "~/routes/_default.author/draft-fields";
import { titleMeta } from "~/components/document/page-title";
import { Field, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { BothLanguages } from "~/components/presentational/both-languages";
import { Duration } from "~/components/presentational/duration";
import { TrainingFacts } from "~/components/presentational/training-facts";
import { useTranslation } from "~/i18n/react";
import { draftAuthor, draftPage, savedOf } from "~/routes/_default.author/draft-page.server";
import { ButtonLink } from "~/components/presentational/button-link";

export const meta = titleMeta;

/**
 * /author/trainings/<slug>: the draft's own fields (titles and summaries in both languages side by
 * side, access, place in the list) and its outline, with the published version's file.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft, lang, query } = await draftPage(request, params.slug);
  const training = outlineOf(draft.content, draft.published !== null);
  return {
    title: draft.content.title[lang] || draft.slug,
    revision: draft.revision,
    saved: savedOf(query, ["training"]),
    values: {
      titleFr: draft.content.title.fr,
      titleEn: draft.content.title.en,
      summaryFr: draft.content.summary.fr,
      summaryEn: draft.content.summary.en,
      access: draft.content.access,
      order: String(draft.content.order),
    },
    training,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { author } = await draftAuthor(request);
  const slug = params.slug ?? "";
  return saveDraftPost(
    await request.formData(),
    trainingMetaSchema,
    { page: `/author/trainings/${slug}`, saved: "training" },
    (value) => saveTrainingMeta(slug, value, author),
  );
}

export default function TrainingOverview() {
  const { training, values, revision, saved } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("author");
  const [form, fields] = useFormReply(reply, { id: "training", defaultValue: values });
  return (
    <>
      <DraftAlerts form={form} reply={reply} saved={saved} />
      <Form method="post" className="card author-form" {...formProps(form)}>
        <h2>{t("overview.title")}</h2>
        <RevisionField revision={revision} />
        <TitleAndSummaryFields fields={fields} title={t("overview.name")} summary={t("overview.summary")} />
        <AccessField meta={fields.access} />
        <Field meta={fields.order} label={t("overview.order")} hint={t("overview.orderHint")} ns="author">
          <input {...fieldProps(fields.order, { described: fields.order.descriptionId })} inputMode="numeric" />
        </Field>
        <SubmitButton pendingLabel={t("overview.saving")}>{t("overview.save")}</SubmitButton>
      </Form>
      <section className="card">
        <h2>{t("outline.modules")}</h2>
        <TrainingFacts training={training} />
        {training.outline.length === 0 ? <p>{t("overview.noModules")}</p> : null}
        <ol className="author-outline">
          {training.outline.map((module, index) => (
            <li key={module.slug}>
              <p className="eyebrow">{t("outline.module", { number: index + 1 })}</p>
              <BothLanguages text={module.title} as="h3" />
              <p className="muted">
                <Duration hours={module.hours} /> · {t(`trainings.access.${module.access}`)} ·{" "}
                {module.questions === 0 ? t("outline.noQuiz") : t("outline.questions", { count: module.questions })}
              </p>
              <ol>
                {module.parts.map((part) => (
                  <li key={part.slug}>
                    <span className="muted">{t(`outline.part.${part.kind}`)}</span>
                    <BothLanguages text={part.title} />
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
        <p>
          <Link to={`/author/trainings/${training.slug}/modules`}>{t("overview.editModules")}</Link>
        </p>
      </section>
      <p className="actions">
        {training.published ? (
          // A file to save, not a page: the browser downloads it (Content-Disposition).
          <a href={`/author/trainings/${training.slug}/file.json`} download className="button button--ghost">
            {t("outline.download")}
          </a>
        ) : null}
        <a href={`/author/trainings/${training.slug}/draft.json`} download className="button button--ghost">
          {t("import.exportDraft")}
        </a>
        <ButtonLink to={`/author/trainings/${training.slug}/import`} tone="ghost">
          {t("import.link")}
        </ButtonLink>
        {training.published ? (
          <ButtonLink to={`/author/trainings/${training.slug}/retire`} tone="ghost">
            {t(training.archived ? "retire.restoreLink" : "retire.link")}
          </ButtonLink>
        ) : null}
      </p>
    </>
  );
}
