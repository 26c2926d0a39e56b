import { NavLink } from "@remix-run/react";

/** A space's heading and its tabs over each child page (my team, the operator's space, …). */
export function SpaceNav({
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
