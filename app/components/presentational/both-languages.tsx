import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";

/** An author's text in French and English side by side (one above the other on a phone). */
export function BothLanguages({
  text,
  as: Tag = "p",
}: {
  text: { fr: string; en: string };
  as?: "p" | "h1" | "h2" | "h3";
}) {
  const { t } = useTranslation("author");
  return (
    <div className="both-languages">
      {(["fr", "en"] as const).map((lang) => (
        <Tag key={lang} lang={lang}>
          <Label>{t(`trainings.${lang}`)}</Label>
          {text[lang]}
        </Tag>
      ))}
    </div>
  );
}

function Label({ children }: { children: ReactNode }) {
  return <span className="both-languages__label">{children}</span>;
}
