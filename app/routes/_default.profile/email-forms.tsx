import { Form, useActionData } from "@remix-run/react";
import { Field, FormAlert, IntentButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { CodeField, CurrentPasswordField } from "~/components/form/secret-fields";
import { useTranslation } from "~/i18n/react";
import { CODE_LIFETIME_MINUTES } from "~/forms/emailed-code";

/** The address: a new one (with the password), then its code, or cancelling the change waiting. */
export function EmailForms({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const { t } = useTranslation("profile");
  const reply = useActionData();
  const [codeForm, codeFields] = useFormReply<{ code: string }>(reply, { id: "confirmEmail", intent: "confirmEmail" });
  // This form's id is the anchor of /profile#email (older code mails link there); the section's
  // heading is the mails' anchor now (email-title).
  const [form, fields] = useFormReply<{ email: string; currentPassword: string }>(reply, {
    id: "email",
    intent: "email",
  });
  return (
    <section className="card" aria-labelledby="email-title">
      <h2 id="email-title">{t("email.title")}</h2>
      <p>{t("email.current", { email })}</p>
      {pendingEmail ? (
        <Form method="post" {...formProps(codeForm)} className="form form--boxed" noValidate>
          <FormAlert
            tone="info"
            lines={[t("email.waiting", { email: pendingEmail, minutes: CODE_LIFETIME_MINUTES })]}
          />
          <FormAlert lines={codeForm.errors?.map((error) => t(error))} />
          <CodeField meta={codeFields.code} label={t("auth:fields.code")} required />
          <IntentButton intent="confirmEmail" pendingLabel={t("email.confirming")}>
            {t("email.confirm")}
          </IntentButton>{" "}
          <IntentButton intent="cancelEmail" pendingLabel={t("email.cancelling")} look="ghost">
            {t("email.cancel")}
          </IntentButton>
        </Form>
      ) : null}
      <Form method="post" {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <Field meta={fields.email} label={t("email.newEmail")} hint={t("email.newEmailHint")} ns="auth">
          <input
            {...fieldProps(fields.email, { type: "email", described: fields.email.descriptionId })}
            required
            maxLength={254}
            autoComplete="email"
          />
        </Field>
        <CurrentPasswordField
          meta={fields.currentPassword}
          label={t("password.current")}
          hint={t("email.passwordHint")}
        />
        <IntentButton intent="email" pendingLabel={t("email.pending")} look="ghost">
          {t("email.submit")}
        </IntentButton>
      </Form>
    </section>
  );
}
