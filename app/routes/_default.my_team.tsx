import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { useTranslation } from "~/i18n/react";

/** /my_team: the page heading and the sub-navigation (list, add, surveys) over each child page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return null;
}

const tabs = [
  { to: "/my_team/list", key: "nav.list" },
  { to: "/my_team/add", key: "nav.add" },
  { to: "/my_team/surveys", key: "nav.surveys" },
  { to: "/invitations", key: "nav.invitations" },
] as const;

export default function MyTeam() {
  const { t } = useTranslation("team");
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">{t("title")}</p>
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
