import type { LoaderFunctionArgs } from "@remix-run/node";
import { loader as resultsLoader } from "./_default.training_results.$training_slug.j-embarque";

export { default, meta } from "./_default.training_results.$training_slug.j-embarque";

/** /training_results/le_point_gps: the results of the training "le-point-gps" (SPEC §2). */
export function loader(args: LoaderFunctionArgs) {
  return resultsLoader({ ...args, params: { training_slug: "le-point-gps" } });
}
