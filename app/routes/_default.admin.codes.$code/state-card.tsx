import { Form, useActionData } from "@remix-run/react";
import { ErrorList, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";

/**
 * Disabling the code (the members it opened keep their access) or enabling it again, once the
 * admin has ticked the confirmation: a button alone is too easy to press by mistake.
 */
export function StateCard({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation("admin");
  const change = disabled ? "enable" : "disable";
  const [form, fields] = useFormReply<{ confirm: string }>(useActionData(), {
    id: "code-state",
    intent: ["disable", "enable"],
  });
  return (
    <section className="card" aria-labelledby="code-state-title">
      <h2 id="code-state-title">{t(`codes.${change}Title`)}</h2>
      <Form method="post" {...formProps(form)} className="form">
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <p>{t(`codes.${change}Lead`)}</p>
        <div className={fields.confirm.errors ? "field field--invalid" : "field"}>
          <div className="radio-row">
            <label>
              <input {...fieldProps(fields.confirm, { type: "checkbox", value: "yes" })} required />
              {t(`codes.${change}Confirm`)}
            </label>
          </div>
          <ErrorList id={fields.confirm.errorId} errors={fields.confirm.errors} ns="admin" />
        </div>
        <SubmitButton
          name="intent"
          value={change}
          pendingLabel={t("codes.pending")}
          className={disabled ? "button button--primary" : "button button--danger"}
        >
          {t(`codes.${change}`)}
        </SubmitButton>
      </Form>
    </section>
  );
}
