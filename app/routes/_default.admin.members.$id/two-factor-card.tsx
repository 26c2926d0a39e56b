import { Form, useActionData } from "@remix-run/react";
import { ErrorList, FormAlert, IntentButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { TextAreaField } from "~/components/form/text-area-field";

/**
 * The member's two-step sign-in: on since when, or off; when on, turning it off for a member who
 * lost both their app and their recovery codes, once the admin says how they checked who asked and
 * ticks the confirmation.
 */
export function TwoFactorCard({ since, own, maxReason }: { since: string | null; own: boolean; maxReason: number }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useFormReply<{ reason: string; confirm: string }>(useActionData(), {
    id: "two-factor",
    intent: ["removeTwoFactor"],
  });
  return (
    <section className="card" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t("twoFactor.title")}</h2>
      <p>
        <span className={since ? "tag tag--done" : "tag"}>{t(since ? "twoFactor.on" : "twoFactor.off")}</span>{" "}
        {since ? t("twoFactor.since", { date: since }) : null}
      </p>
      {!since ? null : own ? (
        <p className="muted">{t("twoFactor.errors.own")}</p>
      ) : (
        <Form method="post" {...formProps(form)} className="form admin-action">
          <FormAlert lines={form.errors?.map((error) => t(error))} />
          <p>{t("twoFactor.removeLead")}</p>
          <TextAreaField
            meta={fields.reason}
            label={t("twoFactor.reason")}
            hint={t("twoFactor.reasonHint")}
            ns="admin"
            maxLength={maxReason}
            rows={3}
            required
          />
          <div className={fields.confirm.errors ? "field field--invalid" : "field"}>
            <div className="radio-row">
              <label>
                <input {...fieldProps(fields.confirm, { type: "checkbox", value: "yes" })} required />
                {t("twoFactor.confirm")}
              </label>
            </div>
            <ErrorList id={fields.confirm.errorId} errors={fields.confirm.errors} ns="admin" />
          </div>
          <IntentButton intent="removeTwoFactor" pendingLabel={t("account.pending")} look="danger">
            {t("twoFactor.remove")}
          </IntentButton>
        </Form>
      )}
    </section>
  );
}
