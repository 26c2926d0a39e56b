import { Link } from "@remix-run/react";
import { LEGAL_PAGES } from "~/forms/legal-pages";
import { useTranslation } from "~/i18n/react";

/** The legal pages, at the foot of every page (the law wants them one click away). */
export function LegalLinks() {
  const { t } = useTranslation("legal");
  return (
    <nav className="legal-links" aria-label={t("nav")}>
      {LEGAL_PAGES.map((page) => (
        <Link key={page} to={`/legal/${page}`}>
          {t(`pages.${page}`)}
        </Link>
      ))}
    </nav>
  );
}
