import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { requireRole } from "~/.server/auth/role-guard.server";
import { useTranslation } from "~/i18n/react";

/**
 * The operator's space (issue 24), inside the signed-in layout: its own small navigation over each
 * page. Every child loader and action calls requireRole itself: a parent loader protects nothing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  return null;
}

const tabs = [
  { to: "/admin/members", key: "nav.members" },
  { to: "/admin/audit", key: "nav.audit" },
] as const;

export default function AdminSpace() {
  const { t } = useTranslation("admin");
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">{t("nav.label")}</p>
        <nav aria-label={t("nav.label")}>
          <ul className="subnav">
            {tabs.map((tab) => (
              <li key={tab.to}>
                <NavLink to={tab.to} prefetch="intent">
                  {t(tab.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Outlet />
    </>
  );
}
