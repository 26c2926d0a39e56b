import type { InputHTMLAttributes } from "react";
import { trainingBounds } from "~/content/training-schema";
import { Field, type FieldMeta } from "~/components/form/form";
import { fieldProps } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { BilingualField } from "./draft-form";

/** The fields several author forms ask alike: an item's names and summary, a new slug, its access. */
/** An item's name in both languages, then its summary (a training's, a module's): `<name>Fr`, `summaryEn`… */
export function TitleAndSummaryFields({
  fields,
  title,
  summary,
}: {
  fields: Record<string, FieldMeta>;
  title: string;
  summary: string;
}) {
  return (
    <>
      <BilingualField fields={fields} name="title" label={title} />
      <BilingualField fields={fields} name="summary" label={summary} multiline />
    </>
  );
}

/** A new item's slug (a training's, a module's, a part's), its hint under it; `input` adds to its field. */
export function SlugField({
  meta,
  label,
  hint,
  ...input
}: { meta: FieldMeta; label: string; hint: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field meta={meta} label={label} hint={hint} ns="author">
      <input {...fieldProps(meta, { described: meta.descriptionId })} maxLength={trainingBounds.slug} {...input} />
    </Field>
  );
}

/** Free or payable: a training's access, or a module's. */
export function AccessField({ meta }: { meta: FieldMeta }) {
  const { t } = useTranslation("author");
  return (
    <Field meta={meta} label={t("overview.access")} ns="author">
      <select {...fieldProps(meta)}>
        <option value="free">{t("trainings.access.free")}</option>
        <option value="payable">{t("trainings.access.payable")}</option>
      </select>
    </Field>
  );
}
