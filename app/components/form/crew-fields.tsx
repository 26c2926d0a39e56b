import { Field, type FieldMeta } from "~/components/form/form";
import { fieldProps } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { SelectField } from "~/components/form/select-field";

/** A crew form's fields (useFormReply's metadata): email only while it can still be chosen. */
export type CrewFieldsMeta = {
  name: FieldMeta;
  email: FieldMeta;
  relation: FieldMeta;
};

/** Name, email (or the fixed address once invited) and relation of a crew member. */
export function CrewFields({
  relations,
  fields,
  fixedEmail,
}: {
  relations: readonly string[];
  fields: CrewFieldsMeta;
  /** The address the invitation went to, shown but not sent (it cannot change). */
  fixedEmail?: string;
}) {
  const { t } = useTranslation("team");
  return (
    <>
      <Field label={t("fields.name")} meta={fields.name} ns="team">
        <input {...fieldProps(fields.name, { type: "text" })} required maxLength={80} autoComplete="off" />
      </Field>
      {fixedEmail !== undefined ? (
        <Field label={t("fields.email")} meta={fields.email} hint={t("edit.emailFixed")} ns="team">
          <input
            id={fields.email.id}
            type="email"
            value={fixedEmail}
            readOnly
            aria-describedby={fields.email.descriptionId}
          />
        </Field>
      ) : (
        <Field label={t("fields.email")} meta={fields.email} ns="team">
          <input {...fieldProps(fields.email, { type: "email" })} required maxLength={254} autoComplete="off" />
        </Field>
      )}
      <SelectField
        meta={fields.relation}
        label={t("fields.relation")}
        ns="team"
        none={t("fields.relationChoose")}
        options={relations.map((relation) => ({ value: relation, label: t(`relations.${relation}`) }))}
        required
      />
    </>
  );
}
