import { Form, useActionData } from "@remix-run/react";
import { ErrorList, FormAlert, IntentButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { userTypes } from "~/forms/user-type";
import { useTranslation } from "~/i18n/react";
import { ButtonLine } from "~/components/presentational/button-link";

/** "Define my path": the main goal (on the overview) and who the member is (registration's user type). */
export function PathForm({ userType }: { userType: string }) {
  const { t } = useTranslation("profile");
  const reply = useActionData();
  // Not "path": the section's id, the anchor of /profile#path.
  const [form, fields] = useFormReply<{ userType: string }>(reply, {
    id: "user-type",
    intent: "path",
    defaultValue: { userType },
  });
  const { userType: field } = fields;
  return (
    <section className="card" id="path" aria-labelledby="path-title">
      <h2 id="path-title">{t("path.title")}</h2>
      <p>{t("path.lead")}</p>
      <ButtonLine to="/#goal" tone="ghost">
        {t("path.goal")}
      </ButtonLine>
      <Form method="post" {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <fieldset className="choice-cards" aria-describedby={field.errors ? field.errorId : undefined}>
          <legend>{t("path.legend")}</legend>
          {userTypes.map((value) => (
            <label key={value} className="choice-card">
              <input {...fieldProps(field, { type: "radio", value })} />
              <span className="choice-card__title">{t(`home:whoAreYou.types.${value}.title`)}</span>
              <span className="choice-card__text">{t(`home:whoAreYou.types.${value}.text`)}</span>
            </label>
          ))}
        </fieldset>
        <ErrorList id={field.errorId} errors={field.errors} ns="auth" />
        <IntentButton intent="path" pendingLabel={t("path.pending")}>
          {t("path.submit")}
        </IntentButton>
      </Form>
    </section>
  );
}
