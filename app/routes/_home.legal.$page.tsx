import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { legalVersion, versionHistory } from "~/.server/legal/pages.server";
import { publisherDetails } from "~/.server/legal/publisher.server";
import { parseLegalText } from "~/content/legal-text";
import { titleMeta } from "~/components/document/page-title";
import { LegalText } from "~/components/presentational/legal-text";
import { isLegalPage, PUBLISHER_FIELDS } from "~/forms/legal-pages";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /legal/{page}: a legal page as in force, or `?version=N` as it was; its date, and every
 * version's. The legal notice begins with the publisher's and the host's details.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = params.page;
  if (!isLegalPage(page)) notFound(request);
  const asked = new URL(request.url).searchParams.get("version");
  const number = asked !== null && /^[1-9]\d{0,8}$/.test(asked) ? Number(asked) : null;
  if (asked !== null && number === null) notFound(request);
  const version = await legalVersion(page, number);
  if (!version) notFound(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "legal");
  const day = dateFormat(lang, { dateStyle: "long", timeZone: "Europe/Paris" });
  const history = await versionHistory(page);
  const details = page === "mentions-legales" ? await publisherDetails() : null;
  return {
    title: t(`pages.${page}`),
    page,
    number: version.number,
    date: day.format(version.publishedAt),
    inForce: version.number === history[0]?.number,
    sections: parseLegalText(version.body[lang]).sections,
    history: history.map((entry) => ({ number: entry.number, date: day.format(entry.publishedAt) })),
    publisher: details && PUBLISHER_FIELDS.map((name) => ({ name, value: details[name] })),
  };
}

export default function LegalPageView() {
  const { title, page, number, date, inForce, sections, history, publisher } = useLoaderData<typeof loader>();
  const { t } = useTranslation("legal");
  return (
    <section className="container section legal-page">
      <h1>{title}</h1>
      <p className="muted">{t("versionOf", { date })}</p>
      {inForce ? null : (
        <p className="alert alert--info">
          {t("earlier")} <Link to={`/legal/${page}`}>{t("seeInForce")}</Link>
        </p>
      )}
      {publisher ? (
        <dl className="legal-publisher">
          {publisher.map(({ name, value }) => (
            <div key={name}>
              <dt>{t(`publisher.${name}`)}</dt>
              <dd>{value || <em>{t("publisher.missing")}</em>}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <LegalText sections={sections} />
      {history.length > 1 ? (
        <nav aria-labelledby="legal-versions">
          <h2 id="legal-versions">{t("versions")}</h2>
          <ul>
            {history.map((entry) => (
              <li key={entry.number}>
                {entry.number === number ? (
                  <span aria-current="page">{t("versionNumbered", entry)}</span>
                ) : (
                  <Link to={`/legal/${page}?version=${entry.number}`}>{t("versionNumbered", entry)}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
