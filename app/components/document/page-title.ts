import type { MetaFunction } from "@remix-run/node";

/** The meta of a page whose loader returns a translated `title`: "Title · Cap". */
export const titleMeta: MetaFunction = ({ data }) => {
  const title = (data as { title?: string } | undefined)?.title;
  return [{ title: title ? `${title} · Cap` : "Cap" }];
};
