import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { trainingResultsPage } from "~/.server/pages/result-page.server";
import { titleMeta } from "~/components/page-title";
import { TrainingResults } from "~/components/training-results";

export const meta = titleMeta;

/**
 * /training_results/{training_slug}/j-embarque: a training's results ("see my result"). The
 * routes /training_results/j-embarque and /training_results/le_point_gps show this page for
 * those two trainings.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return trainingResultsPage(request, params.training_slug ?? "");
}

export default function TrainingResultsPage() {
  const { title, result } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{title}</h1>
      <TrainingResults result={result} />
    </>
  );
}
