import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { LanguageSwitch } from "~/components/language-switch";
import { Logo } from "~/components/logo";
import { useTranslation } from "~/i18n/react";

/**
 * The next-page layout (SPEC §2): a plain bar and the page, for moments that fill the screen (a
 * congratulation, a full video). Signed-in only; each child guards itself too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return null;
}

export default function NextLayout() {
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
        <Outlet />
      </main>
    </div>
  );
}
