import { useTranslation } from "~/i18n/react";
import { Logo } from "./logo";

type Props = { status: number; detail?: string; path?: string };

/** A whole page for an error: what happened in plain words, the status code, a way home. */
export function ErrorPage({ status, detail, path }: Props) {
  const { t } = useTranslation();
  const notFound = status === 404;
  // 503: the database is away for a moment (app/.server/http/outage.server.ts); the page says so.
  const unavailable = status === 503;
  return (
    <main className="error-page">
      <a href="/" className="brand" aria-label={t("brand.home")}>
        <Logo />
      </a>
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1>{notFound ? t("error.notFound.title") : unavailable ? t("error.unavailable.title") : t("error.internal.title")}</h1>
      <p>
        {notFound && path
          ? t("error.notFound.message", { path })
          : unavailable
            ? t("error.unavailable.message")
            : t("error.internal.message")}
      </p>
      {detail && !unavailable ? <p className="error-page__detail">{t("error.detail", { status, detail })}</p> : null}
      <p>
        <a className="button button--primary" href="/">
          {t("error.home")}
        </a>
      </p>
    </main>
  );
}
