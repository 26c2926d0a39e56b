import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, FormAlert } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";

export type Saved = { title: string; dueDate: string; moduleId: string };

/** The create form, or the edit form of one commitment (intent "update", with its id). */
export function CommitmentForm({
  id,
  intent,
  commitmentId,
  saved = { title: "", dueDate: "", moduleId: "" },
  modules,
  children,
}: {
  id: string;
  intent: "create" | "update";
  commitmentId?: string;
  saved?: Saved;
  modules: { id: string; label: string }[];
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
      <Field label={t("commitments.due")} meta={fields.dueDate} ns="space">
        <input {...fieldProps(fields.dueDate, { type: "date" })} />
      </Field>
      <Field label={t("commitments.module")} meta={fields.moduleId} ns="space">
        <select {...fieldProps(fields.moduleId)}>
          <option value="">{t("commitments.noModule")}</option>
          {modules.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
      </Field>
      {children}
    </Form>
  );
}
