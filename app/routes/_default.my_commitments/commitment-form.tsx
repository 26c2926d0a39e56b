import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorList, Field, FormAlert } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { SelectField } from "~/components/form/select-field";

export type Saved = {
  title: string;
  dueDate: string;
  moduleId: string;
  repeat: "once" | "weekly" | "every";
  weekdays: string[];
  everyDays: string;
  startsOn: string;
};

const blank: Saved = {
  title: "",
  dueDate: "",
  moduleId: "",
  repeat: "once",
  weekdays: [],
  everyDays: "",
  startsOn: "",
};

/** The create form, or the edit form of one commitment (intent "update", with its id). */
export function CommitmentForm({
  id,
  intent,
  commitmentId,
  saved = blank,
  modules,
  weekdayNames,
  children,
}: {
  id: string;
  intent: "create" | "update";
  commitmentId?: string;
  saved?: Saved;
  modules: { id: string; label: string }[];
  /** Monday to Sunday, in the page's language. */
  weekdayNames: string[];
  children: ReactNode;
}) {
  const { t } = useTranslation("space");
  const reply = useActionData();
  const [form, fields] = useFormReply<Saved>(reply, { id, intent, defaultValue: saved });
  return (
    <Form method="post" {...formProps(form)} className="form">
      <FormAlert lines={form.errors?.map((error) => t(error))} />
      <input type="hidden" name="intent" value={intent} />
      {commitmentId ? <input type="hidden" name="id" value={commitmentId} /> : null}
      <Field label={t("commitments.field")} meta={fields.title} ns="space">
        <input {...fieldProps(fields.title, { type: "text" })} required maxLength={200} />
      </Field>
      <fieldset className="field">
        <legend>{t("commitments.repeat.legend")}</legend>
        <div className="radio-row">
          {(["once", "weekly", "every"] as const).map((kind) => (
            <label key={kind}>
              <input {...fieldProps(fields.repeat, { type: "radio", value: kind })} />
              {t(`commitments.repeat.${kind}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t("commitments.due")} meta={fields.dueDate} ns="space">
        <input {...fieldProps(fields.dueDate, { type: "date" })} />
      </Field>
      <fieldset className="field" aria-describedby={fields.weekdays.errorId}>
        <legend>{t("commitments.repeat.weekdays")}</legend>
        <div className="radio-row">
          {weekdayNames.map((name, index) => (
            <label key={name}>
              <input {...fieldProps(fields.weekdays, { type: "checkbox", value: String(index + 1) })} />
              {name}
            </label>
          ))}
        </div>
        <ErrorList id={fields.weekdays.errorId} errors={fields.weekdays.errors} ns="space" />
      </fieldset>
      <Field label={t("commitments.repeat.everyDays")} meta={fields.everyDays} ns="space">
        <input {...fieldProps(fields.everyDays, { type: "number" })} min={1} max={90} step={1} />
      </Field>
      <Field label={t("commitments.repeat.startsOn")} meta={fields.startsOn} ns="space">
        <input {...fieldProps(fields.startsOn, { type: "date" })} />
      </Field>
      <SelectField
        meta={fields.moduleId}
        label={t("commitments.module")}
        ns="space"
        none={t("commitments.noModule")}
        options={modules.map((m) => ({ value: m.id, label: m.label }))}
      />
      {children}
    </Form>
  );
}
