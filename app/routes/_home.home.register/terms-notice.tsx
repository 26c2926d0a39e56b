import { Link } from "@remix-run/react";
import type { LegalPage } from "~/forms/legal-pages";
import { useTranslation } from "~/i18n/react";

export type TermsShown = { page: LegalPage; number: number; date: string };

/**
 * "By creating an account, you accept…": the terms and the privacy policy in force, each with its
 * date, and in hidden fields the versions shown, which the registration records.
 */
export function TermsNotice({ terms }: { terms: TermsShown[] }) {
  const { t } = useTranslation("auth");
  const { t: legal } = useTranslation("legal");
  if (terms.length === 0) return null;
  return (
    <p className="field__hint">
      {t("register.terms")}{" "}
      {terms.map((shown, index) => (
        <span key={shown.page}>
          {index > 0 ? ` ${t("register.termsAnd")} ` : null}
          <Link to={`/legal/${shown.page}`}>{legal(`pages.${shown.page}`)}</Link>{" "}
          {t("register.termsVersion", { date: shown.date })}
          <input type="hidden" name={`accepted-${shown.page}`} value={shown.number} />
        </span>
      ))}
      .
    </p>
  );
}
