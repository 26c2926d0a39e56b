import { Form } from "@remix-run/react";
import { trainingBounds } from "~/content/training-schema";
import { Field, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { BilingualField, DraftAlerts, RevisionField } from "~/routes/_default.author/draft-form";

/** A new part of the module: its kind, titles and slug (a full module says so, and refuses it when sent). */
export function AddPartForm({ reply, revision, full }: { reply: unknown; revision: number; full: boolean }) {
  const { t } = useTranslation("author");
  const [addForm, addFields] = useFormReply<{ kind: string; titleFr: string; titleEn: string; slug: string }>(reply, {
    id: "add-part",
    intent: "addPart",
    defaultValue: { kind: "text" },
  });
  return (
    // Keyed by the revision: once added, the form is empty again for the next one.
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
  );
}
