import { Link, Outlet } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { LanguageSwitch } from "~/components/language-switch";
import { Logo } from "~/components/logo";

/** The public password pages' layout (SPEC §2 "main"): a centred card. */
export default function MainLayout() {
  const { t } = useTranslation();
  return (
    <div className="layout-main">
      <header className="layout-main__header">
        <Link to="/home" className="brand" aria-label={t("brand.home")}>
          <Logo />
        </Link>
        <LanguageSwitch />
      </header>
      <main id="main" className="card layout-main__card">
        <Outlet />
      </main>
    </div>
  );
}
