import { NavLink, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Avatar } from "~/components/presentational/avatar";
import { LanguageSwitch } from "~/components/document/language-switch";
import { LogoutButton } from "~/components/document/logout-button";
import { BrandLink } from "~/components/document/logo";
import { mayAuthor } from "~/roles/may-author";

const items = [
  { to: "/", key: "overview", icon: "M3 11l9-8 9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z" },
  { to: "/profile", key: "profile", icon: "M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm-9 10a9 9 0 0 1 18 0z" },
  { to: "/trainings", key: "trainings", icon: "M2 5l10-3 10 3-10 3zm3 3v6c0 2 3 4 7 4s7-2 7-4V8l-7 2z" },
  {
    to: "/my_team",
    key: "team",
    icon: "M8 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM1 21a7 7 0 0 1 14 0zm14 0a6 6 0 0 1 8 0z",
  },
  { to: "/my_commitments", key: "commitments", icon: "M9 16l-4-4-2 2 6 6L21 8l-2-2z" },
  {
    to: "/coaching",
    key: "coaching",
    icon: "M4 3h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4v-4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm4 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm4 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm4 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z",
  },
  {
    to: "/my_life_gps",
    key: "lifeGps",
    icon: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm4 4l-6 2-2 6 6-2z",
  },
] as const;

/**
 * The signed-in navigation (SPEC §2). On a phone it folds into a <details> menu, which opens
 * without JavaScript; from 900px up the same links stand beside the page (CSS shows one or the other).
 */
type SidebarMember = { firstname: string; lastname: string; photoUrl: string | null; roles: readonly string[] };

/** The spaces of the people who run Cap, each shown to the holders of its role only. */
const spaces = [
  {
    to: "/coach",
    shownTo: (roles: readonly string[]) => roles.includes("coach"),
    key: "coach",
    icon: "M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zM5 9h14v11H5zm2 2v2h2v-2zm4 0v2h2v-2zm4 0v2h2v-2z",
  },
  {
    to: "/author",
    shownTo: mayAuthor,
    key: "author",
    icon: "M3 17.25V21h3.75L17.8 9.94l-3.75-3.75zM20.7 7.04a1 1 0 0 0 0-1.41l-2.33-2.33a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z",
  },
  {
    to: "/admin",
    shownTo: (roles: readonly string[]) => roles.includes("admin"),
    key: "admin",
    icon: "M12 2l8 3v6c0 5-3.5 9.5-8 11-4.5-1.5-8-6-8-11V5zm0 5a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  },
] as const;

export function Sidebar({ member }: { member: SidebarMember }) {
  const { t } = useTranslation();
  // A new key per page closes the phone menu after a link in it was followed (with JavaScript).
  const { pathname } = useLocation();
  return (
    <aside className="sidebar">
      <div className="sidebar__top">
        <BrandLink to="/" nav />
        <details className="sidebar__menu" key={pathname}>
          <summary>{t("nav.menu")}</summary>
          <SidebarLinks member={member} />
        </details>
      </div>
      <div className="sidebar__wide">
        <SidebarLinks member={member} />
      </div>
    </aside>
  );
}

function SidebarLinks({ member }: { member: SidebarMember }) {
  const { t } = useTranslation();
  return (
    <div className="sidebar__panel">
      <nav aria-label={t("nav.main")} className="sidebar__nav">
        <ul>
          {[...items, ...spaces.filter((space) => space.shownTo(member.roles))].map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === "/"} prefetch="intent">
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d={item.icon} fill="currentColor" />
                </svg>
                {t(`nav.${item.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar__account">
        <p className="sidebar__member">
          <Avatar url={member.photoUrl} name={`${member.firstname} ${member.lastname}`} size="sm" />
          <span>
            {member.firstname} {member.lastname}
          </span>
        </p>
        <LanguageSwitch />
        <LogoutButton className="button button--on-dark" />
      </div>
    </div>
  );
}
