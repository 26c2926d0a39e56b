import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { intentOf, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { memberCertificate, reissueCertificate, withdrawCertificate } from "~/.server/trainings/certificates.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert, IntentButton } from "~/components/form/form";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { CertificateSheet } from "~/components/presentational/certificate-sheet";
import { useTranslation } from "~/i18n/react";
import certificateStyles from "~/styles/certificate.css";

export const meta = titleMeta;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: certificateStyles }];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * /training/{training_slug}/certificate: the member's certificate of a completed training, to
 * print, with its public verification address; they can withdraw it and get a new one.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const found = await memberCertificate(member.id, params.training_slug ?? "", lang);
  if (!found) notFound(request);
  // Not completed yet: the training is where the member goes on.
  if (!found.completed) throw redirect(`/training/${found.slug}`);
  const t = await translator(lang, "trainings");
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      title: t("certificate.pageTitle", { training: found.title }),
      slug: found.slug,
      certificate: found.certificate,
      withdrawn: found.withdrawn,
      done: done === "withdrawn" || done === "issued" ? done : null,
    },
    // Its address is the member's own: never kept by a shared cache.
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const slug = params.training_slug ?? "";
  const intent = intentOf(await request.formData(), ["withdraw", "issue"]);
  if (!intent) return refuseUnknownIntent();
  const outcome =
    intent === "withdraw" ? await withdrawCertificate(member.id, slug) : await reissueCertificate(member.id, slug);
  if (!outcome.ok) {
    if (outcome.error === "notFound") notFound(request);
    throw redirect(`/training/${slug}`, 303);
  }
  throw redirect(`/training/${slug}/certificate?done=${intent === "withdraw" ? "withdrawn" : "issued"}`, 303);
}

export default function CertificatePage() {
  const { slug, certificate, withdrawn, done } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("trainings");
  return (
    <>
      <p className="no-print">
        <Link to={`/training/${slug}`}>← {t("certificate.back")}</Link>
      </p>
      <div className="no-print">
        <UnknownIntentAlert reply={reply} />
        {done === "withdrawn" ? <FormAlert tone="success" lines={[t("certificate.withdrawn")]} /> : null}
        {done === "issued" && certificate ? <FormAlert tone="success" lines={[t("certificate.issued")]} /> : null}
      </div>
      {certificate ? (
        <>
          <CertificateSheet facts={certificate} url={certificate.url} />
          <section className="card no-print" aria-labelledby="certificate-share">
            <p id="certificate-share">{t("certificate.shareText")}</p>
            <p className="muted">{t("certificate.printHint")}</p>
          </section>
          <section className="card no-print" aria-labelledby="certificate-withdraw">
            <h2 id="certificate-withdraw">{t("certificate.withdrawTitle")}</h2>
            <p>{t("certificate.withdrawText")}</p>
            <Form method="post">
              <IntentButton intent="withdraw" pendingLabel={t("certificate.pending")} look="ghost">
                {t("certificate.withdraw")}
              </IntentButton>
            </Form>
          </section>
        </>
      ) : (
        <section className="card" aria-labelledby="certificate-none">
          <h1 id="certificate-none">{t("certificate.title")}</h1>
          <p>{withdrawn && done !== "withdrawn" ? t("certificate.withdrawn") : t("certificate.none")}</p>
          <Form method="post">
            <IntentButton intent="issue" pendingLabel={t("certificate.pending")}>
              {t("certificate.issue")}
            </IntentButton>
          </Form>
        </section>
      )}
    </>
  );
}
