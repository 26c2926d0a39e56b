import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { resultOf } from "~/.server/trainings/results.server";
import { titleMeta } from "~/components/document/page-title";
import { MemberResults } from "~/components/presentational/training-results";

export const meta = titleMeta;

/**
 * /training_results/{training_slug}/j-embarque: a training's results ("see my result"), or a
 * test's. /training_results/{training_slug}/my_life_gps, /training_results/j-embarque and
 * /training_results/le_point_gps answer with this loader.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const result = await resultOf(member.id, params.training_slug ?? "", lang);
  if (!result) notFound(request);
  const t = await translator(lang, "trainings");
  return { title: t("results.trainingTitle", { training: result.title }), result };
}

export default function TrainingResultsPage() {
  const { title, result } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{title}</h1>
      <MemberResults result={result} />
    </>
  );
}
