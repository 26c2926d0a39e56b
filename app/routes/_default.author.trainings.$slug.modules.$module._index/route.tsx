import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { intentOf, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, useFormReply } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { BothLanguages } from "~/components/presentational/both-languages";
import { useTranslation } from "~/i18n/react";
import { DraftForm, DraftList } from "~/routes/_default.author/draft-form";
import { AccessField, TitleAndSummaryFields } from "~/routes/_default.author/draft-fields";
import { draftAuthor, draftPage, savedOf } from "~/routes/_default.author/draft-page.server";
import { AddItemForm, OutlineItem, RemoveConfirm } from "~/routes/_default.author/outline-forms";
import { INTENTS, modulePage, postModuleChange, SAVED } from "./module-page.server";

export const meta = titleMeta;

/**
 * /author/trainings/<slug>/modules/<module>: one module of the draft — its titles and summaries
 * in both languages side by side, hours, access, the coaching call to action — and its parts
 * (added, moved up or down, removed after a confirmation), with a link to its quiz.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft, lang, query } = await draftPage(request, params.slug);
  const module = draft.content.modules.find((candidate) => candidate.slug === params.module);
  if (!module) notFound(request);
  const t = await translator(lang, "author");
  return { ...modulePage(draft, module, lang, t, query), saved: savedOf(query, SAVED) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { author } = await draftAuthor(request);
  const formData = await request.formData();
  const intent = intentOf(formData, INTENTS);
  if (!intent) return refuseUnknownIntent();
  return postModuleChange(intent, formData, params.slug ?? "", params.module ?? "", author);
}

export default function ModuleEditor() {
  const { slug, module, values, revision, saved, parts, questions, confirm, full } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("author");
  const [form, fields] = useFormReply(reply, { id: "module", intent: "module", defaultValue: values });
  const [partsForm] = useFormReply(reply, { id: "parts", intent: ["movePart", "removePart"] });
  const base = `/author/trainings/${slug}/modules/${module.slug}`;
  return (
    <>
      <p>
        <Link to={`/author/trainings/${slug}/modules`}>← {t("modules.editor.back")}</Link>
      </p>
      <BothLanguages text={module.title} as="h2" />
      <UnknownIntentAlert reply={reply} />
      {saved ? <FormAlert tone="success" lines={[t(`modules.saved.${saved}`)]} /> : null}
      {confirm ? (
        <RemoveConfirm
          id="remove-part"
          words="modules.removePart"
          item={confirm}
          intent="removePart"
          revision={revision}
          cancelTo={base}
        />
      ) : null}
      <DraftForm form={form} reply={reply} revision={revision} intent="module" title={t("modules.editor.title")}>
        <TitleAndSummaryFields fields={fields} title={t("modules.editor.name")} summary={t("modules.editor.summary")} />
        <Field meta={fields.hours} label={t("modules.editor.hours")} hint={t("modules.editor.hoursHint")} ns="author">
          <input
            {...fieldProps(fields.hours, { described: fields.hours.descriptionId })}
            inputMode="decimal"
            maxLength={12}
          />
        </Field>
        <AccessField meta={fields.access} />
        <div className="field radio-row">
          <label>
            <input {...fieldProps(fields.coaching, { type: "checkbox" })} />
            {t("modules.editor.coaching")}
          </label>
        </div>
        <SubmitButton pendingLabel={t("overview.saving")}>{t("overview.save")}</SubmitButton>
      </DraftForm>
      <DraftList
        id="parts-title"
        title={t("modules.editor.parts")}
        form={partsForm}
        reply={reply}
        count={parts.length}
        none={t("modules.editor.noParts")}
        after={
          <p>
            <Link to={`${base}/quiz`}>{t("modules.editor.quiz", { count: questions })}</Link>
          </p>
        }
      >
        {parts.map((part, index) => (
          <OutlineItem
            key={part.slug}
            item={part}
            eyebrow={t(`outline.part.${part.kind}`)}
            to={`${base}/parts/${part.slug}`}
            revision={revision}
            intent="movePart"
            index={index}
            count={parts.length}
            removeTo={`${base}?removePart=${part.slug}`}
          />
        ))}
      </DraftList>
      <AddItemForm item="part" reply={reply} revision={revision} full={full} />
    </>
  );
}
