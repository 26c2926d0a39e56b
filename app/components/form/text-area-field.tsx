import { Field, type FieldMeta } from "~/components/form/form";
import { fieldProps } from "~/components/form/form-reply";

/** A longer text in its field: `rows` tall, at most `maxLength` characters, the hint under the label when there is one. */
export function TextAreaField({
  meta,
  label,
  hint,
  ns,
  rows,
  maxLength,
  required,
  lang,
}: {
  meta: FieldMeta;
  label: string;
  hint?: string;
  ns: string;
  rows: number;
  maxLength: number;
  required?: boolean;
  lang?: string;
}) {
  return (
    <Field meta={meta} label={label} hint={hint} ns={ns}>
      <textarea
        {...fieldProps(meta, { described: hint ? meta.descriptionId : undefined })}
        lang={lang}
        rows={rows}
        maxLength={maxLength}
        required={required}
      />
    </Field>
  );
}
