import { Form, Link, useActionData } from "@remix-run/react";
import { Field, FormAlert, IntentButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { REFUND_REASON_MAX } from "~/forms/price";
import { useTranslation } from "~/i18n/react";

type Payment = {
  session: string;
  receiptNumber: number | null;
  training: string;
  amount: string;
  status: string;
  date: string;
};

/** The member's payments, each with its receipt; a paid one is refunded through Stripe, with a reason. */
export function PaymentsCard({ memberId, payments }: { memberId: string; payments: Payment[] }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useFormReply<{ session: string; reason: string }>(useActionData(), {
    id: "refund",
    intent: ["refund"],
  });
  return (
    <section className="card" aria-labelledby="payments-title">
      <h2 id="payments-title">{t("payments.title")}</h2>
      {payments.length === 0 ? <p className="muted">{t("payments.none")}</p> : null}
      <FormAlert lines={form.errors?.map((error) => t(error))} />
      <ul className="admin-roles">
        {payments.map((payment) => (
          <li key={payment.session}>
            <span>
              {payment.training} — {payment.amount} · {payment.date}
            </span>
            <span className={payment.status === "paid" ? "tag tag--done" : "tag tag--late"}>
              {t(`payments.statuses.${payment.status}`)}
            </span>
            {payment.receiptNumber ? (
              <Link to={`/receipts/${payment.receiptNumber}`}>
                {t("payments.receipt", { number: payment.receiptNumber })}
              </Link>
            ) : null}
            {payment.status === "paid" ? (
              <Form method="post" {...formProps(form)} className="form admin-action">
                <input type="hidden" name="session" value={payment.session} />
                <Field meta={fields.reason} label={t("payments.reason")} ns="admin">
                  <textarea {...fieldProps(fields.reason)} maxLength={REFUND_REASON_MAX} rows={2} required />
                </Field>
                <IntentButton intent="refund" pendingLabel={t("account.pending")} look="danger">
                  {t("payments.refund", { training: payment.training })}
                </IntentButton>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {payments.length > 0 ? (
        <p>
          <Link to={`/admin/payments?member=${memberId}`}>{t("sales.memberLink")}</Link>
        </p>
      ) : null}
    </section>
  );
}
