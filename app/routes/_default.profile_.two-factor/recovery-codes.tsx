import { Form, Link } from "@remix-run/react";
import { FormAlert } from "~/components/form/form";
import { useTranslation } from "~/i18n/react";

/** The ten recovery codes, shown this once, and as a text file to keep (a plain post: no script needed). */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation("profile");
  return (
    <section className="card two-factor" aria-labelledby="two-factor-codes-title">
      <h2 id="two-factor-codes-title">{t("twoFactor.codes.title")}</h2>
      <FormAlert tone="info" lines={[t("twoFactor.codes.once")]} />
      <ul className="two-factor__codes" data-testid="recovery-codes" translate="no">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Form method="post" action="/profile/two-factor/recovery-codes.txt" reloadDocument className="form">
        {codes.map((code) => (
          <input key={code} type="hidden" name="codes" value={code} />
        ))}
        <button type="submit" className="button button--ghost">
          {t("twoFactor.codes.download")}
        </button>
      </Form>
      <p className="form-links">
        <Link to="/profile/two-factor">{t("twoFactor.codes.done")}</Link>
      </p>
    </section>
  );
}
