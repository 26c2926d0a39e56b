import { Link, Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorMessage, useFailure } from "~/components/document/error-page";
import { useTranslation } from "~/i18n/react";
import { LanguageSwitch } from "~/components/document/language-switch";
import { Logo } from "~/components/document/logo";

/** The public password pages' layout (SPEC §2 "main"): a centred card. */
export default function MainLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/** A password page that failed keeps its frame: the brand and the language switch. */
export function ErrorBoundary() {
  return (
    <Frame>
      <ErrorMessage {...useFailure()} />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
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
        {children}
      </main>
    </div>
  );
}
