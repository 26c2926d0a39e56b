import { Form, useActionData } from "@remix-run/react";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { pageErrorsOf } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";

/** "Acheter — 49 €": a plain form, answered with a 303 to Stripe Checkout. */
export function BuyForm({ price }: { price: string }) {
  const { t } = useTranslation("trainings");
  const errors = pageErrorsOf(useActionData());
  return (
    <Form method="post" className="form">
      <FormAlert lines={errors?.map((error) => t(error))} />
      <SubmitButton name="intent" value="buy" pendingLabel={t("payments.pending")} className="button button--primary">
        {t("payments.buy", { price })}
      </SubmitButton>
    </Form>
  );
}
