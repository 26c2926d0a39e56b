import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { I18nProvider, useTranslation } from "~/i18n/react";

/** A preview page's address, in the previewed language (its links keep it). */
export function previewHref(slug: string, lang: string, module?: string, width = "phone") {
  return `/author/trainings/${slug}/preview${module ? `/${module}` : ""}?lang=${lang}&width=${width}`;
}

type Problem = { path: string; message: string };

export type PreviewFrameData = {
  lang: "fr" | "en";
  width: "phone" | "full";
  /** The members' strings in the previewed language (namespaces "trainings" and "common"). */
  strings: Record<string, unknown>;
  missing: Problem[];
  /** This page's address without its query. */
  here: string;
};

/**
 * The author's preview around a member's page: switches for the language and
 * the width (a phone's 390 px, or the full column), what the draft still lacks, and the page itself
 * in the previewed language, its buttons and fields disabled: a preview writes nothing.
 */
export function PreviewFrame({ preview, children }: { preview: PreviewFrameData; children: ReactNode }) {
  const { t, i18n } = useTranslation("author");
  const { lang, width, here } = preview;
  const link = (to: { lang?: string; width?: string }) => `${here}?lang=${to.lang ?? lang}&width=${to.width ?? width}`;
  return (
    <>
      <section className="card preview-controls" aria-labelledby="preview-title">
        <h2 id="preview-title">{t("preview.title")}</h2>
        <p className="muted">{t("preview.lead")}</p>
        <div className="preview-switches">
          <PreviewSwitch
            label={t("preview.language")}
            choices={(["fr", "en"] as const).map((language) => ({
              to: link({ lang: language }),
              current: language === lang,
              name: t(`trainings.${language}`),
            }))}
          />
          <PreviewSwitch
            label={t("preview.width")}
            choices={(["phone", "full"] as const).map((size) => ({
              to: link({ width: size }),
              current: size === width,
              name: t(`preview.widths.${size}`),
            }))}
          />
        </div>
        {preview.missing.length ? (
          <details className="preview-missing">
            <summary>{t("preview.missing", { count: preview.missing.length })}</summary>
            <ul>
              {preview.missing.map((problem, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is the draft's, rendered whole.
                <li key={index}>
                  <code>{problem.path || t("check.root")}</code> — {problem.message}
                </li>
              ))}
            </ul>
          </details>
        ) : (
          <p className="preview-complete">✓ {t("preview.complete")}</p>
        )}
      </section>
      <div className={`preview-frame preview-frame--${width}`} lang={lang}>
        <I18nProvider value={{ ...i18n, language: lang, resources: { ...i18n.resources, ...preview.strings } }}>
          {/* A disabled fieldset disables every button and field below it: nothing can be sent. */}
          <fieldset disabled className="preview-frame__inert" aria-label={t("preview.frameLabel")}>
            {children}
          </fieldset>
        </I18nProvider>
      </div>
    </>
  );
}

/** One of the preview's switches: its choices as links, the one shown marked. */
function PreviewSwitch({
  label,
  choices,
}: {
  label: string;
  choices: { to: string; current: boolean; name: string }[];
}) {
  return (
    <nav aria-label={label}>
      <ul className="subnav">
        {choices.map((choice) => (
          <li key={choice.to}>
            <Link
              to={choice.to}
              className={choice.current ? "active" : undefined}
              aria-current={choice.current ? "page" : undefined}
            >
              {choice.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
