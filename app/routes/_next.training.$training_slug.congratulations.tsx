import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { db } from "~/.server/db/client.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { trainingOf } from "~/.server/trainings/catalogue.server";
import { certificatePathOf } from "~/.server/trainings/certificates.server";
import { resultPath } from "~/.server/trainings/resume.server";
import { titleMeta } from "~/components/document/page-title";
import { useTranslation } from "~/i18n/react";
import { ButtonLink } from "~/components/presentational/button-link";

export const meta = titleMeta;

/** The congratulation page when a training ends; before that, the training itself. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const training = await trainingOf(db(), member.id, params.training_slug ?? "");
  if (!training) notFound(request);
  if (training.state !== "completed") throw redirect(`/training/${training.content.slug}`);
  const t = await translator(lang, "trainings");
  return {
    title: t("congratulations.title"),
    training: training.content.title[lang],
    resultPath: resultPath(training),
    certificatePath: certificatePathOf(training),
  };
}

export default function Congratulations() {
  const { training, resultPath, certificatePath } = useLoaderData<typeof loader>();
  const { t } = useTranslation("trainings");
  return (
    <section className="card celebration">
      <svg viewBox="0 0 64 64" width="96" height="96" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="30" fill="var(--color-success-soft)" />
        <path
          d="M20 33l8 8 16-18"
          fill="none"
          stroke="var(--color-success)"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h1>{t("congratulations.title")}</h1>
      <p className="lead">{t("congratulations.text", { training })}</p>
      <p className="actions">
        <ButtonLink to={resultPath} size="large">
          {t("congratulations.seeResult")}
        </ButtonLink>
        {certificatePath ? (
          <ButtonLink to={certificatePath} tone="ghost" size="large">
            {t("certificate.link")}
          </ButtonLink>
        ) : null}
        <ButtonLink to="/trainings" tone="ghost" size="large">
          {t("congratulations.back")}
        </ButtonLink>
      </p>
    </section>
  );
}
