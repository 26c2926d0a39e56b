import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { LanguageSwitch } from "~/components/document/language-switch";
import { Logo } from "~/components/document/logo";

/** A plain bar (the way home, the language switch) over the page: the next-page layout, and errors no layout frames. */
export function BarFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="layout-next">
      <header className="layout-next__bar">
        <Link to="/" className="brand" aria-label={t("brand.home")}>
          <Logo />
        </Link>
        <LanguageSwitch />
      </header>
      <main id="main" className="layout-next__main">
        {children}
      </main>
    </div>
  );
}
