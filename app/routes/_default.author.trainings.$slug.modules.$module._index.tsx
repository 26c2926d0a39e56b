import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { answerDraftSave } from "~/routes/_default.author/draft-post.server";
import {
  addPart,
  addPartSchema,
  moduleMetaSchema,
  movePart,
  moveSchema,
  removePart,
  removeSchema,
  saveModuleMeta,
} from "~/.server/authoring/modules.server";
import { intentOf, refuse, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { readDraft } from "~/.server/authoring/drafts.server";
import { trainingBounds } from "~/content/training-schema";
import { AccessField, BilingualField, DraftAlerts, RevisionField } from "~/routes/_default.author/draft-form";
import { OutlineItemActions, RemoveConfirm } from "~/routes/_default.author/outline-forms";
import { titleMeta } from "~/components/document/page-title";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { BothLanguages } from "~/components/presentational/both-languages";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";
import { moduleRefusals } from "~/.server/authoring/contract.server";

export const meta = titleMeta;

const SAVED = ["module", "partAdded", "partMoved", "partRemoved"] as const;

/**
 * /author/trainings/<slug>/modules/<module>: one module of the draft — its titles and summaries
 * in both languages side by side, hours, access, the coaching call to action — and its parts
 * (added, moved up or down, removed after a confirmation), with a link to its quiz.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAuthor(request);
  const draft = await readDraft(params.slug ?? "");
  const module = draft?.content.modules.find((candidate) => candidate.slug === params.module);
  if (!draft || !module) notFound(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "author");
  const query = new URL(request.url).searchParams;
  const removing = module.parts.find((part) => part.slug === query.get("removePart"));
  const hours = new Intl.NumberFormat(lang, { maximumFractionDigits: 2, useGrouping: false }).format(module.hours);
  return {
    title: t("modules.editor.pageTitle", { module: module.title[lang] || module.slug }),
    slug: draft.slug,
    module: { slug: module.slug, title: module.title },
    revision: draft.revision,
    saved: SAVED.find((key) => key === query.get("saved")) ?? null,
    values: {
      titleFr: module.title.fr,
      titleEn: module.title.en,
      summaryFr: module.summary.fr,
      summaryEn: module.summary.en,
      hours,
      access: module.access,
      coaching: module.coaching ? "on" : undefined,
    },
    questions: module.quiz?.questions.length ?? 0,
    full: module.parts.length >= trainingBounds.parts,
    confirm: removing ? { slug: removing.slug, title: removing.title } : null,
    parts: module.parts.map((part) => ({
      slug: part.slug,
      kind: part.kind,
      title: part.title,
      name: part.title[lang] || part.slug,
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireAuthor(request);
  const slug = params.slug ?? "";
  const moduleSlug = params.module ?? "";
  const formData = await request.formData();
  const intent = intentOf(formData, ["module", "addPart", "movePart", "removePart"]);
  if (!intent) return refuseUnknownIntent();
  const author = { id: member.id, lang: await localeOf(request) };
  const page = `/author/trainings/${slug}/modules/${moduleSlug}`;
  const refusalOf = (refusal: keyof typeof moduleRefusals) => moduleRefusals[refusal];
  switch (intent) {
    case "module": {
      const submission = parseWithZod(formData, { schema: moduleMetaSchema });
      if (submission.status !== "success") return refuse(submission.reply());
      const save = await saveModuleMeta(slug, moduleSlug, submission.value, author);
      return answerDraftSave(submission, save, { page, saved: "module", refusalOf });
    }
    case "addPart": {
      const submission = parseWithZod(formData, { schema: addPartSchema });
      if (submission.status !== "success") return refuse(submission.reply());
      const save = await addPart(slug, moduleSlug, submission.value, author);
      return answerDraftSave(submission, save, { page, saved: "partAdded", refusalOf });
    }
    case "movePart": {
      const submission = parseWithZod(formData, { schema: moveSchema });
      if (submission.status !== "success") return refuse(submission.reply());
      const save = await movePart(slug, moduleSlug, submission.value, author);
      return answerDraftSave(submission, save, { page, saved: "partMoved", refusalOf });
    }
    case "removePart": {
      const submission = parseWithZod(formData, { schema: removeSchema });
      if (submission.status !== "success") return refuse(submission.reply());
      const save = await removePart(slug, moduleSlug, submission.value, author);
      return answerDraftSave(submission, save, { page, saved: "partRemoved", refusalOf });
    }
  }
}

export default function ModuleEditor() {
  const { slug, module, values, revision, saved, parts, questions, confirm, full } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("author");
  const [form, fields] = useFormReply(reply, { id: "module", intent: "module", defaultValue: values });
  const [partsForm] = useFormReply(reply, { id: "parts", intent: ["movePart", "removePart"] });
  const [addForm, addFields] = useFormReply<{ kind: string; titleFr: string; titleEn: string; slug: string }>(reply, {
    id: "add-part",
    intent: "addPart",
    defaultValue: { kind: "text" },
  });
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
      <Form method="post" className="card author-form" {...formProps(form)}>
        <h2>{t("modules.editor.title")}</h2>
        <DraftAlerts form={form} reply={reply} />
        <RevisionField revision={revision} />
        <input type="hidden" name="intent" value="module" />
        <BilingualField fields={fields} name="title" label={t("modules.editor.name")} max={trainingBounds.title} />
        <BilingualField
          fields={fields}
          name="summary"
          label={t("modules.editor.summary")}
          max={trainingBounds.summary}
          multiline
        />
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
      </Form>
      <section className="card" aria-labelledby="parts-title">
        <h2 id="parts-title">{t("modules.editor.parts")}</h2>
        <DraftAlerts form={partsForm} reply={reply} />
        {parts.length === 0 ? <p>{t("modules.editor.noParts")}</p> : null}
        <ol className="author-items">
          {parts.map((part, index) => (
            <li key={part.slug} className="author-items__item">
              <div>
                <p className="eyebrow">{t(`outline.part.${part.kind}`)}</p>
                <h3>
                  <Link to={`${base}/parts/${part.slug}`}>
                    <BothLanguages text={part.title} />
                  </Link>
                </h3>
              </div>
              <OutlineItemActions
                revision={revision}
                intent="movePart"
                slug={part.slug}
                name={part.name}
                index={index}
                count={parts.length}
                removeTo={`${base}?removePart=${part.slug}`}
              />
            </li>
          ))}
        </ol>
        <p>
          <Link to={`${base}/quiz`}>{t("modules.editor.quiz", { count: questions })}</Link>
        </p>
      </section>
      {/* Keyed by the revision: once added, the form is empty again for the next one. */}
      <Form key={revision} method="post" className="card author-form" {...formProps(addForm)}>
        <h2>{t("modules.addPart.title")}</h2>
        {full ? <p>{t("modules.addPart.full", { max: trainingBounds.parts })}</p> : null}
        <DraftAlerts form={addForm} reply={reply} />
        <RevisionField revision={revision} />
        <input type="hidden" name="intent" value="addPart" />
        <Field meta={addFields.kind} label={t("modules.addPart.kind")} ns="author">
          <select {...fieldProps(addFields.kind)}>
            <option value="text">{t("outline.part.text")}</option>
            <option value="video">{t("outline.part.video")}</option>
            <option value="exercise">{t("outline.part.exercise")}</option>
          </select>
        </Field>
        <BilingualField fields={addFields} name="title" label={t("modules.addPart.name")} max={trainingBounds.title} />
        <Field meta={addFields.slug} label={t("modules.add.slug")} hint={t("modules.add.slugHint")} ns="author">
          <input
            {...fieldProps(addFields.slug, { described: addFields.slug.descriptionId })}
            maxLength={trainingBounds.slug}
          />
        </Field>
        <SubmitButton pendingLabel={t("modules.add.pending")} className="button button--primary">
          {t("modules.addPart.submit")}
        </SubmitButton>
      </Form>
    </>
  );
}
