import { Form } from "@remix-run/react";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";

type Line = { slug: string; title: string; archived: boolean; amount: string; vat: string };

/** One payable training's price and VAT rate; the reply is this form's when it posted its slug. */
export function PriceForm({ training, reply }: { training: Line; reply: unknown }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useFormReply<{ amount: string; vat: string }>(reply, {
    id: `price-${training.slug}`,
    key: "training",
    intent: training.slug,
    defaultValue: { amount: training.amount, vat: training.vat },
  });
  return (
    <section className="card" aria-labelledby={`price-${training.slug}-title`}>
      <h2 id={`price-${training.slug}-title`}>{training.title}</h2>
      {training.archived ? <p className="tag">{t("prices.retired")}</p> : null}
      <Form method="post" {...formProps(form)} className="form">
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <input type="hidden" name="training" value={training.slug} />
        <Field meta={fields.amount} label={t("prices.amount")} ns="admin">
          <input {...fieldProps(fields.amount, { type: "text" })} inputMode="decimal" required maxLength={9} />
        </Field>
        <Field meta={fields.vat} label={t("prices.vat")} ns="admin">
          <input {...fieldProps(fields.vat, { type: "text" })} inputMode="decimal" required maxLength={6} />
        </Field>
        <SubmitButton pendingLabel={t("prices.pending")} className="button button--primary">
          {t("prices.save")}
        </SubmitButton>
      </Form>
    </section>
  );
}
