import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/** A space's heading and its tabs over each child page (my team, the operator's space, …). */
function SpaceNav({
  eyebrow,
  label,
  tabs,
}: {
  eyebrow: string;
  label: string;
  tabs: readonly { to: string; label: string }[];
}) {
  return (
    <header className="page-header">
      <p className="eyebrow">{eyebrow}</p>
      <nav aria-label={label}>
        <ul className="subnav">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} prefetch="intent">
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/**
 * A space's layout route body: its heading and tabs in the words of namespace `ns`, then the child
 * page. The layout's loader still guards it, and each child guards itself.
 */
export function SpaceLayout({
  ns,
  eyebrowKey,
  labelKey,
  tabs,
}: {
  ns: string;
  eyebrowKey: string;
  labelKey: string;
  tabs: readonly { to: string; key: string }[];
}) {
  const { t } = useTranslation(ns);
  return (
    <>
      <SpaceNav
        eyebrow={t(eyebrowKey)}
        label={t(labelKey)}
        tabs={tabs.map((tab) => ({ to: tab.to, label: t(tab.key) }))}
      />
      <Outlet />
    </>
  );
}
