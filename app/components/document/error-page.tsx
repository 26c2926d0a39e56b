import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { BarFrame } from "~/components/presentational/bar-frame";

type Failure = { status: number; detail?: string; path?: string };

/** What went wrong, from the error a boundary caught: a thrown answer's status and words, else a 500. */
export function useFailure(): Failure {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) {
    console.error(error);
    return { status: 500 };
  }
  const detail = typeof error.data?.message === "string" ? error.data.message : undefined;
  const path = typeof error.data?.path === "string" ? error.data.path : undefined;
  return { status: error.status, detail, path };
}

const notFoundWords = { title: "error.notFound.title", message: "error.notFound.message" };
const unavailableWords = { title: "error.unavailable.title", message: "error.unavailable.message" };
// 405: a page that takes no submission (app/.server/http/unknown-paths.server.ts).
const notAllowedWords = { title: "error.notAllowed.title", message: "error.notAllowed.message" };
const internalWords = { title: "error.internal.title", message: "error.internal.message" };

/** What happened in plain words, the status code and a way home: inside a layout, or on its own page. */
export function ErrorMessage({ status, detail, path }: Failure) {
  const { t } = useTranslation();
  const notFound = status === 404;
  // 503: the database is away for a moment (app/.server/http/outage.server.ts); the page says so.
  const unavailable = status === 503;
  const words = notFound
    ? notFoundWords
    : unavailable
      ? unavailableWords
      : status === 405
        ? notAllowedWords
        : internalWords;
  return (
    <div className="error-page">
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1>{t(words.title)}</h1>
      <p>{t(words.message, { path })}</p>
      {detail && !unavailable ? <p className="error-page__detail">{t("error.detail", { status, detail })}</p> : null}
      <p>
        <a className="button button--primary" href="/">
          {t("error.home")}
        </a>
      </p>
    </div>
  );
}

/** A whole page for an error no layout could frame: the bar (home, language switch) and the message. */
export function ErrorPage(failure: Failure) {
  return (
    <BarFrame>
      <ErrorMessage {...failure} />
    </BarFrame>
  );
}
