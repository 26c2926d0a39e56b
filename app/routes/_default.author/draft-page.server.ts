import { requireAuthor } from "~/.server/auth/role-guard.server";
import { readDraft } from "~/.server/authoring/drafts.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/**
 * What every page of one draft reads first: the guard (an author or an admin; a parent loader
 * protects nothing), the draft its `slug` names (none: the 404 of an unknown page), the author's
 * language and the page's query.
 */
export async function draftPage(request: Request, slug: string | undefined) {
  await requireAuthor(request);
  const draft = await readDraft(slug ?? "");
  if (!draft) notFound(request);
  const lang = await localeOf(request);
  return { draft, lang, query: new URL(request.url).searchParams };
}

/** Which of a page's "saved" messages its query names (`?saved=<key>`, after a post), if any. */
export function savedOf<const Key extends string>(query: URLSearchParams, keys: readonly Key[]): Key | null {
  const saved = query.get("saved");
  return keys.find((key) => key === saved) ?? null;
}

/** Who posts to a draft's page: the guard's member, and the author as a draft save records them. */
export async function draftAuthor(request: Request) {
  const { member } = await requireAuthor(request);
  return { member, author: { id: member.id, lang: await localeOf(request) } };
}
