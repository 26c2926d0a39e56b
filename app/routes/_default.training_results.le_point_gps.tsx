import type { LoaderFunctionArgs } from "@remix-run/node";
import { trainingResultsPage } from "~/.server/pages/result-page.server";

export { default, meta } from "./_default.training_results.$training_slug.j-embarque";

/** /training_results/le_point_gps: the results of "Le point GPS". */
export function loader({ request }: LoaderFunctionArgs) {
  return trainingResultsPage(request, "le-point-gps");
}
