import { useTranslation } from "~/i18n/react";

/**
 * "Download my data" (GDPR art. 15/20): the JSON file and its readable copy, both plain links
 * (a GET each, so they work without JavaScript; the file comes as an attachment).
 */
export function DataExportLinks() {
  const { t } = useTranslation("profile");
  return (
    <section className="card" id="data" aria-labelledby="data-title">
      <h2 id="data-title">{t("data.export.title")}</h2>
      <p>{t("data.export.lead")}</p>
      <p className="actions">
        <a className="button button--primary" href="/profile/data.json" download>
          {t("data.export.json")}
        </a>{" "}
        <a className="button button--ghost" href="/profile/data">
          {t("data.export.html")}
        </a>
      </p>
      <p className="muted">{t("data.export.limit")}</p>
    </section>
  );
}
