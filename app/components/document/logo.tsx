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
