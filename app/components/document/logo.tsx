import { Link, NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/** Cap's mark (a compass needle) and name. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="var(--color-brand)" />
        <path d="M16 5 L20 16 L16 27 L12 16 Z" fill="#fff" />
        <path d="M16 5 L20 16 L12 16 Z" fill="var(--color-accent)" />
        <circle cx="16" cy="16" r="2" fill="var(--color-brand)" />
      </svg>
      <span className="logo__name">{t("brand.name")}</span>
    </span>
  );
}

/** The logo as the way home; `nav` marks it as the current page on "/" (the sidebar's). */
export function BrandLink({ to, nav = false }: { to: string; nav?: boolean }) {
  const { t } = useTranslation();
  const Door = nav ? NavLink : Link;
  return (
    <Door to={to} className="brand" aria-label={t("brand.home")}>
      <Logo />
    </Door>
  );
}
