import { translator } from "~/.server/i18n/i18n.server";

/**
 * What the loader of a page that is all words answers: its door's guard passed, the page's title
 * (key `title` of namespace `ns`) in the visitor's language, for `titleMeta`.
 */
export async function titleOnly(
  request: Request,
  guard: (request: Request) => Promise<unknown>,
  ns: string,
  title: string,
) {
  await guard(request);
  const t = await translator(request, ns);
  return { title: t(title) };
}
