import { Form, Link, useActionData } from "@remix-run/react";
import { FormAlert, IntentButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { CodeField } from "~/components/form/secret-fields";
import { useTranslation } from "~/i18n/react";

export type PairingView = { flowId: string; secret: string; qrCode: string; keyGroups: string[] };

/** The key to give the app (a QR code, or typed in groups of four), and its first code to confirm. */
export function PairingForm({ pairing }: { pairing: PairingView }) {
  const { t } = useTranslation("profile");
  const reply = useActionData();
  const [form, fields] = useFormReply<{ code: string }>(reply, { id: "two-factor-confirm", intent: "confirm" });
  return (
    <section className="card two-factor" aria-labelledby="two-factor-pair-title">
      <h2 id="two-factor-pair-title">{t("twoFactor.pair.title")}</h2>
      <ol className="two-factor__steps">
        <li>{t("twoFactor.pair.scan")}</li>
        <li>{t("twoFactor.pair.type")}</li>
      </ol>
      <img className="two-factor__qr" src={pairing.qrCode} alt={t("twoFactor.pair.qrAlt")} width={220} height={220} />
      <p>{t("twoFactor.pair.keyLabel")}</p>
      <p className="two-factor__key" data-testid="totp-key" translate="no">
        {pairing.keyGroups.join(" ")}
      </p>
      <Form method="post" {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <input type="hidden" name="flowId" value={pairing.flowId} />
        <input type="hidden" name="secret" value={pairing.secret} />
        <CodeField meta={fields.code} label={t("twoFactor.pair.codeLabel")} required maxLength={7} />
        <IntentButton intent="confirm" pendingLabel={t("twoFactor.pending")}>
          {t("twoFactor.pair.submit")}
        </IntentButton>
      </Form>
      <p className="form-links">
        <Link to="/profile/two-factor">{t("twoFactor.pair.cancel")}</Link>
      </p>
    </section>
  );
}
