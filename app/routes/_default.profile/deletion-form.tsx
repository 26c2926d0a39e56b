import { Form, useActionData } from "@remix-run/react";
import { Field, FormAlert, IntentButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { CurrentPasswordField } from "~/components/form/secret-fields";
import { useTranslation } from "~/i18n/react";

/** Deleting the account, confirmed by the address and the password. */
export function DeletionForm() {
  const { t } = useTranslation("profile");
  const reply = useActionData();
  const [form, fields] = useFormReply<{ email: string; currentPassword: string }>(reply, {
    id: "delete",
    intent: "delete",
  });
  return (
    <section className="card card--danger" aria-labelledby="delete-title">
      <h2 id="delete-title">{t("delete.title")}</h2>
      <p>{t("delete.lead")}</p>
      <Form method="post" {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <Field meta={fields.email} label={t("delete.confirmEmail")} ns="auth">
          <input {...fieldProps(fields.email, { type: "email" })} required autoComplete="off" />
        </Field>
        <CurrentPasswordField meta={fields.currentPassword} label={t("password.current")} />
        <IntentButton intent="delete" pendingLabel={t("delete.pending")} look="danger">
          {t("delete.submit")}
        </IntentButton>
      </Form>
    </section>
  );
}
