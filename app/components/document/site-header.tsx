import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { LanguageSwitch } from "~/components/document/language-switch";
import { BrandLink } from "~/components/document/logo";
import { LegalLinks } from "~/components/document/legal-links";
import { ButtonLink } from "~/components/presentational/button-link";

/** The public pages' header: logo, language switch, log in and sign up. */
export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <BrandLink to="/home" />
        <nav className="site-header__nav" aria-label={t("nav.public")}>
          <LanguageSwitch />
          <ButtonLink to="/home/login" tone="ghost">
            {t("nav.login")}
          </ButtonLink>
          <ButtonLink to="/home/register">{t("nav.register")}</ButtonLink>
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p>{t("footer.tagline")}</p>
        <nav aria-label={t("nav.footer")}>
          <Link to="/home/start-freemium">{t("footer.freemium")}</Link>
          <Link to="/home/who-are-you">{t("footer.whoAreYou")}</Link>
          <Link to="/coming-soon">{t("footer.comingSoon")}</Link>
        </nav>
        <LegalLinks />
        <p className="site-footer__copy">{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
