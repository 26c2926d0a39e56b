import { useLoaderData } from "@remix-run/react";
import { MemberResults } from "~/components/presentational/training-results";
import type { loader } from "./_default.training_results.$training_slug.j-embarque";

export { loader, meta } from "./_default.training_results.$training_slug.j-embarque";

/** /training_results/{training_slug}/my_life_gps: that training's or test's result, a test's skills as a radar. */
export default function LifeGpsResult() {
  const { title, result } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{title}</h1>
      <MemberResults result={result} radar />
    </>
  );
}
