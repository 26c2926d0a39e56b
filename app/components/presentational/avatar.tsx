import { useTranslation } from "~/i18n/react";

const sides = { sm: 32, md: 48, lg: 96 } as const;

/**
 * A member's profile photo (a 256×256 WebP), or their initials when they have none. Sized by a
 * class (the CSP takes no inline style): 32, 48 or 96 CSS pixels.
 */
export function Avatar({ url, name, size = "md" }: { url: string | null; name: string; size?: keyof typeof sides }) {
  const { t } = useTranslation();
  const className = `avatar avatar--${size}`;
  if (url)
    return (
      <img className={className} src={url} alt={t("avatar.alt", { name })} width={sides[size]} height={sides[size]} />
    );
  return (
    // The name is written beside it wherever it stands: the initials say nothing more.
    <span className={`${className} avatar--initials`} aria-hidden="true">
      {initials(name)}
    </span>
  );
}

/** "Ada Lovelace" → "AL"; one word → its first letter. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? "")
    .join("")
    .toUpperCase();
}
