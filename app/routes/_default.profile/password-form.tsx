import { Form, useActionData } from "@remix-run/react";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";

/** A new password, with the current one. */
export function PasswordForm() {
  const { t } = useTranslation("profile");
  const reply = useActionData();
  const [form, fields] = useFormReply<{ currentPassword: string; password: string; confirmPassword: string }>(reply, {
    id: "password",
    intent: "password",
  });
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">{t("password.title")}</h2>
      <Form method="post" {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <Field meta={fields.currentPassword} label={t("password.current")} ns="auth">
          <input
            {...fieldProps(fields.currentPassword, { type: "password" })}
            required
            autoComplete="current-password"
          />
        </Field>
        <Field meta={fields.password} label={t("password.new")} hint={t("password.hint")} ns="auth">
          <input
            {...fieldProps(fields.password, { type: "password", described: fields.password.descriptionId })}
            required
            minLength={8}
            autoComplete="new-password"
          />
        </Field>
        <Field meta={fields.confirmPassword} label={t("auth:fields.confirmPassword")} ns="auth">
          <input {...fieldProps(fields.confirmPassword, { type: "password" })} required autoComplete="new-password" />
        </Field>
        <SubmitButton
          name="intent"
          value="password"
          pendingLabel={t("password.pending")}
          className="button button--primary"
        >
          {t("password.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
