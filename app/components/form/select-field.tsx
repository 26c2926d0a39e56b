import { Field, type FieldMeta } from "~/components/form/form";
import { fieldProps } from "~/components/form/form-reply";

/**
 * A choice among `options` in its field: `none` first when the field may be left empty, the hint
 * under the label when there is one.
 */
export function SelectField({
  meta,
  label,
  hint,
  ns,
  none,
  options,
  required,
}: {
  meta: FieldMeta;
  label: string;
  hint?: string;
  ns: string;
  none?: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
}) {
  return (
    <Field meta={meta} label={label} hint={hint} ns={ns}>
      <select {...fieldProps(meta, { described: hint ? meta.descriptionId : undefined })} required={required}>
        {none === undefined ? null : <option value="">{none}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
