import { Form, useActionData } from "@remix-run/react";
import { FormAlert, IntentButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { CurrentPasswordField, NewPasswordFields } from "~/components/form/secret-fields";
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
        <CurrentPasswordField meta={fields.currentPassword} label={t("password.current")} />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          label={t("password.new")}
          hint={t("password.hint")}
          required
        />
        <IntentButton intent="password" pendingLabel={t("password.pending")}>
          {t("password.submit")}
        </IntentButton>
      </Form>
    </section>
  );
}
