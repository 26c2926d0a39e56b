import type { LoaderFunctionArgs } from "@remix-run/node";
import { trainingResultsPage } from "~/.server/pages/result-page.server";

export { default, meta } from "./_default.training_results.$training_slug.j-embarque";

/** /training_results/j-embarque: the results of the onboarding training. */
export function loader({ request }: LoaderFunctionArgs) {
  return trainingResultsPage(request, "j-embarque");
}
