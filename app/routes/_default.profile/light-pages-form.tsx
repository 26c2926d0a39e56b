import { Form, useActionData } from "@remix-run/react";
import { ErrorList, FormAlert, IntentButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";

/**
 * "Light pages": the member's pages without any script (app/.server/http/light-pages.server.ts).
 * The form reloads the document, with or without JavaScript, so the very next page is already
 * light (or has its scripts back): a client navigation would keep this page's scripts running.
 */
export function LightPagesForm({ on }: { on: boolean }) {
  const { t } = useTranslation("profile");
  const reply = useActionData();
  const [form, fields] = useFormReply<{ lightPages: string }>(reply, {
    id: "light-pages",
    intent: "lightPages",
    defaultValue: { lightPages: on ? "on" : undefined },
  });
  const { lightPages: field } = fields;
  return (
    <section className="card" id="light" aria-labelledby="light-title">
      <h2 id="light-title">{t("lightPages.title")}</h2>
      <p>{t("lightPages.lead")}</p>
      <p>{t(on ? "lightPages.isOn" : "lightPages.isOff")}</p>
      <Form method="post" reloadDocument {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <div className={field.errors ? "field field--invalid" : "field"}>
          <div className="radio-row">
            <label>
              <input {...fieldProps(field, { type: "checkbox", described: field.descriptionId })} />
              {t("lightPages.label")}
            </label>
          </div>
          <p className="field__hint" id={field.descriptionId}>
            {t("lightPages.hint")}
          </p>
          <ErrorList id={field.errorId} errors={field.errors} ns="profile" />
        </div>
        <IntentButton intent="lightPages" pendingLabel={t("lightPages.pending")}>
          {t("lightPages.submit")}
        </IntentButton>
      </Form>
    </section>
  );
}
