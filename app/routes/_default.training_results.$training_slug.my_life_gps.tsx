import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { findTraining } from "~/.server/trainings/catalogue.server";
import { lifeGpsResultOf } from "~/.server/trainings/results.server";
import { titleMeta } from "~/components/page-title";
import { TestResults } from "~/components/training-results";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/** /training_results/{training_slug}/my_life_gps: the life GPS radar, from a training's page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const training = await findTraining(params.training_slug ?? "");
  const result = await lifeGpsResultOf(member.id, lang);
  if (!training || !result) notFound(request);
  const t = await translator(lang, "trainings");
  return {
    title: t("results.lifeGpsTitle"),
    result,
    back: `/training/${training.slug}`,
    backTitle: training.content.title[lang],
  };
}

export default function LifeGpsResult() {
  const { title, result, back, backTitle } = useLoaderData<typeof loader>();
  const { t } = useTranslation("trainings");
  const strongest = result.taken ? [...result.skills].sort((a, b) => b.value - a.value)[0] : null;
  return (
    <>
      <p>
        <Link to={back}>← {backTitle}</Link>
      </p>
      <h1>{title}</h1>
      {strongest ? <p className="lead">{t("results.strongest", { area: strongest.label })}</p> : null}
      <TestResults result={result} radar />
    </>
  );
}
