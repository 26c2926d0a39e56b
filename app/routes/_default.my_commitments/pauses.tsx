import { Form, useActionData } from "@remix-run/react";
import { Field, FormAlert, SubmitButton, IntentButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { SelectField } from "~/components/form/select-field";

export type PauseView = { id: string; of: string | null; from: string; until: string; started: boolean };

/** Pausing one commitment or all of them for a run of days, and the pauses still running or ahead. */
export function Pauses({ pauses, recurring }: { pauses: PauseView[]; recurring: { id: string; title: string }[] }) {
  const { t } = useTranslation("space");
  const reply = useActionData();
  const [form, fields] = useFormReply<{ commitmentId: string; from: string; until: string }>(reply, {
    id: "pause",
    intent: "pause",
  });
  return (
    <section className="card" aria-labelledby="pauses-title">
      <h2 id="pauses-title">{t("commitments.pause.title")}</h2>
      <p className="muted">{t("commitments.pause.lead")}</p>
      {pauses.length ? (
        <ul className="pause-list">
          {pauses.map((pause) => (
            <li key={pause.id}>
              <span>
                {t("commitments.pause.item", {
                  of: pause.of ?? t("commitments.pause.all"),
                  from: pause.from,
                  until: pause.until,
                })}
              </span>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="id" value={pause.id} />
                <IntentButton intent="unpause" pendingLabel={t("saving")} look="ghost">
                  {pause.started ? t("commitments.pause.end") : t("commitments.pause.cancel")}
                </IntentButton>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" {...formProps(form)} className="form">
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <input type="hidden" name="intent" value="pause" />
        <SelectField
          meta={fields.commitmentId}
          label={t("commitments.pause.which")}
          ns="space"
          none={t("commitments.pause.all")}
          options={recurring.map((c) => ({ value: c.id, label: c.title }))}
        />
        <Field label={t("commitments.pause.from")} meta={fields.from} ns="space">
          <input {...fieldProps(fields.from, { type: "date" })} required />
        </Field>
        <Field label={t("commitments.pause.until")} meta={fields.until} ns="space">
          <input {...fieldProps(fields.until, { type: "date" })} required />
        </Field>
        <SubmitButton pendingLabel={t("saving")} className="button button--primary">
          {t("commitments.pause.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
