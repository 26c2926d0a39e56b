import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { guardPrivateLink } from "~/.server/auth/guard.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { publicCertificate, verificationUrl } from "~/.server/trainings/certificates.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { CertificateSheet } from "~/components/presentational/certificate-sheet";
import { useTranslation } from "~/i18n/react";
import certificateStyles from "~/styles/certificate.css";

export const meta = titleMeta;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: certificateStyles }];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * /certificate/{id}: anyone holding the address sees what the certificate says (the name, the
 * training, the day) and nothing else; withdrawn, only that it is no longer valid (410). Never
 * cached and never indexed: a withdrawal shows at once, and the names stay out of search engines.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await guardPrivateLink(request);
  const lang = await localeOf(request);
  const id = params.id ?? "";
  const found = await publicCertificate(id, lang);
  if (!found) notFound(request);
  const t = await translator(lang, "trainings");
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  if (!found.valid) {
    return data({ title: t("verify.invalidTitle"), certificate: null }, { status: 410, headers });
  }
  return data({ title: t("verify.title"), certificate: { ...found.facts, url: verificationUrl(id) } }, { headers });
}

export default function VerifyCertificate() {
  const { certificate } = useLoaderData<typeof loader>();
  const { t } = useTranslation("trainings");
  if (!certificate) {
    return (
      <div className="certificate-page">
        <section className="card certificate-status" aria-labelledby="certificate-invalid">
          <h1 id="certificate-invalid">{t("verify.invalidTitle")}</h1>
          <FormAlert lines={[t("verify.invalidText")]} />
        </section>
      </div>
    );
  }
  return (
    <div className="certificate-page">
      <div className="certificate-status">
        <FormAlert tone="success" lines={[t("verify.valid")]} />
      </div>
      <CertificateSheet facts={certificate} url={certificate.url} />
    </div>
  );
}
