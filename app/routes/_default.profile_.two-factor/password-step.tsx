import { Form, useActionData } from "@remix-run/react";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { CurrentPasswordField } from "~/components/form/secret-fields";
import { useTranslation } from "~/i18n/react";

/** A change of two-factor sign-in that asks the password again: set it up, new recovery codes, turn it off. */
export function PasswordStep({ intent }: { intent: "start" | "regenerate" | "remove" }) {
  const { t } = useTranslation("profile");
  const reply = useActionData();
  const [form, fields] = useFormReply<{ currentPassword: string }>(reply, { id: `two-factor-${intent}`, intent });
  return (
    <section className="card" aria-labelledby={`two-factor-${intent}-title`}>
      <h2 id={`two-factor-${intent}-title`}>{t(`twoFactor.${intent}.title`)}</h2>
      <p>{t(`twoFactor.${intent}.lead`)}</p>
      <Form method="post" {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <CurrentPasswordField meta={fields.currentPassword} label={t("password.current")} />
        <SubmitButton
          name="intent"
          value={intent}
          pendingLabel={t("twoFactor.pending")}
          className={intent === "remove" ? "button button--danger" : "button button--primary"}
        >
          {t(`twoFactor.${intent}.submit`)}
        </SubmitButton>
      </Form>
    </section>
  );
}
