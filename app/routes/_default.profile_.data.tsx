import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { refusedHeaders } from "~/.server/export/contract.server";
import { exportMemberData } from "~/.server/export/data-export.server";
import { readableCopy } from "~/.server/export/readable-copy.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { DataSections } from "~/components/presentational/data-sections";
import { FormAlert } from "~/components/form/form";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

// What the loader said (no-store, and Retry-After on a refusal) is the page's own answer too.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** /profile/data — the readable copy of "Download my data": every record, server-rendered, printable. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireMember(request);
  const t = await translator(request, "profile");
  const outcome = await exportMemberData(signedIn);
  if (!outcome.ok) {
    return data(
      { title: t("data.title"), refused: t("errors.tooManyExports"), copy: null },
      {
        status: 429,
        headers: refusedHeaders,
      },
    );
  }
  const lang = await localeOf(request);
  const copy = {
    generatedAt: dateFormat(lang, {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: signedIn.member.time_zone,
    }).format(new Date(outcome.data.generated_at)),
    name: `${outcome.data.member.firstname} ${outcome.data.member.lastname}`,
    photo: outcome.data.photo?.data_url ?? null,
    sections: readableCopy(outcome.data, lang, signedIn.member.time_zone),
  };
  return data({ title: t("data.title"), refused: null, copy }, { headers: { "Cache-Control": "no-store" } });
}

export default function DataCopyPage() {
  const { refused, copy } = useLoaderData<typeof loader>();
  const { t } = useTranslation("profile");
  return (
    <>
      <header className="page-header">
        <h1>{t("data.title")}</h1>
        {copy ? <p className="lead">{t("data.lead", { name: copy.name, date: copy.generatedAt })}</p> : null}
      </header>
      {refused ? <FormAlert lines={[refused]} /> : null}
      {copy ? <DataSections photo={copy.photo} name={copy.name} sections={copy.sections} /> : null}
      <p className="no-print">
        <Link to="/profile#data">{t("data.back")}</Link>
      </p>
    </>
  );
}
