import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { answerDraftSave } from "~/routes/_default.author/draft-post.server";
import {
  addModule,
  addModuleSchema,
  moveModule,
  moveSchema,
  removeModule,
  removeSchema,
} from "~/.server/authoring/modules.server";
import { intentOf, refuse, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { translator } from "~/.server/i18n/i18n.server";
import { trainingBounds } from "~/content/training-schema";
import { BilingualField, DraftAlerts, RevisionField } from "~/routes/_default.author/draft-form";
import { OutlineItemActions, RemoveConfirm } from "~/routes/_default.author/outline-forms";
import { titleMeta } from "~/components/document/page-title";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { BothLanguages } from "~/components/presentational/both-languages";
import { Duration } from "~/components/presentational/duration";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";
import { moduleRefusals } from "~/.server/authoring/contract.server";
import { draftAuthor, draftPage, savedOf } from "~/routes/_default.author/draft-page.server";

export const meta = titleMeta;

const SAVED = ["added", "moved", "removed"] as const;

/**
 * /author/trainings/<slug>/modules: the draft's modules in order (both titles, hours, parts),
 * each moved up or down or removed (after a confirmation), and a new one added.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft, lang, query } = await draftPage(request, params.slug);
  const t = await translator(lang, "author");
  const removing = draft.content.modules.find((module) => module.slug === query.get("remove"));
  return {
    title: t("modules.pageTitle", { training: draft.content.title[lang] || draft.slug }),
    slug: draft.slug,
    revision: draft.revision,
    saved: savedOf(query, SAVED),
    full: draft.content.modules.length >= trainingBounds.modules,
    confirm: removing ? { slug: removing.slug, title: removing.title } : null,
    modules: draft.content.modules.map((module) => ({
      slug: module.slug,
      title: module.title,
      name: module.title[lang] || module.slug,
      hours: module.hours,
      parts: module.parts.length,
      questions: module.quiz?.questions.length ?? 0,
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { author } = await draftAuthor(request);
  const slug = params.slug ?? "";
  const formData = await request.formData();
  const intent = intentOf(formData, ["add", "move", "remove"]);
  if (!intent) return refuseUnknownIntent();
  const page = `/author/trainings/${slug}/modules`;
  const refusalOf = (refusal: keyof typeof moduleRefusals) => moduleRefusals[refusal];
  if (intent === "add") {
    const submission = parseWithZod(formData, { schema: addModuleSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    return answerDraftSave(submission, await addModule(slug, submission.value, author), {
      page,
      saved: "added",
      refusalOf,
    });
  }
  if (intent === "move") {
    const submission = parseWithZod(formData, { schema: moveSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    return answerDraftSave(submission, await moveModule(slug, submission.value, author), {
      page,
      saved: "moved",
      refusalOf,
    });
  }
  const submission = parseWithZod(formData, { schema: removeSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  return answerDraftSave(submission, await removeModule(slug, submission.value, author), {
    page,
    saved: "removed",
    refusalOf,
  });
}

export default function ModulesPage() {
  const { slug, modules, revision, saved, confirm, full } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("author");
  const [addForm, addFields] = useFormReply(reply, { id: "add-module", intent: "add" });
  const [listForm] = useFormReply(reply, { id: "modules", intent: ["move", "remove"] });
  const base = `/author/trainings/${slug}/modules`;
  return (
    <>
      <UnknownIntentAlert reply={reply} />
      {saved ? <FormAlert tone="success" lines={[t(`modules.saved.${saved}`)]} /> : null}
      {confirm ? (
        <RemoveConfirm
          id="remove-module"
          words="modules.remove"
          item={confirm}
          intent="remove"
          revision={revision}
          cancelTo={base}
        />
      ) : null}
      <section className="card" aria-labelledby="modules-title">
        <h2 id="modules-title">{t("modules.title")}</h2>
        <DraftAlerts form={listForm} reply={reply} />
        {modules.length === 0 ? <p>{t("modules.empty")}</p> : null}
        <ol className="author-items">
          {modules.map((module, index) => (
            <li key={module.slug} className="author-items__item">
              <div>
                <p className="eyebrow">{t("modules.number", { number: index + 1 })}</p>
                <h3>
                  <Link to={`${base}/${module.slug}`}>
                    <BothLanguages text={module.title} />
                  </Link>
                </h3>
                <p className="muted">
                  <Duration hours={module.hours} /> · {t("modules.parts", { count: module.parts })} ·{" "}
                  {t("modules.questions", { count: module.questions })}
                </p>
              </div>
              <OutlineItemActions
                revision={revision}
                intent="move"
                slug={module.slug}
                name={module.name}
                index={index}
                count={modules.length}
                removeTo={`${base}?remove=${module.slug}`}
              />
            </li>
          ))}
        </ol>
      </section>
      {/* Keyed by the revision: once added, the form is empty again for the next one. */}
      <Form key={revision} method="post" className="card author-form" {...formProps(addForm)}>
        <h2>{t("modules.add.title")}</h2>
        {full ? <p>{t("modules.add.full", { max: trainingBounds.modules })}</p> : null}
        <DraftAlerts form={addForm} reply={reply} />
        <RevisionField revision={revision} />
        <input type="hidden" name="intent" value="add" />
        <BilingualField fields={addFields} name="title" label={t("modules.add.name")} max={trainingBounds.title} />
        <Field meta={addFields.slug} label={t("modules.add.slug")} hint={t("modules.add.slugHint")} ns="author">
          <input
            {...fieldProps(addFields.slug, { described: addFields.slug.descriptionId })}
            maxLength={trainingBounds.slug}
            pattern="[a-z0-9]+([\-_][a-z0-9]+)*"
          />
        </Field>
        <SubmitButton pendingLabel={t("modules.add.pending")} className="button button--primary">
          {t("modules.add.submit")}
        </SubmitButton>
      </Form>
    </>
  );
}
