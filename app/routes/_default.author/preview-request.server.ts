import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { pageResources } from "~/.server/i18n/page-strings.server";
import type { Language } from "~/i18n/config";

/**
 * What a preview page's query asks: the language (`?lang=fr|en`, else the
 * author's own) and the width (`?width=phone|full`, a phone's by default), anything else ignored.
 */
function previewQuery(request: Request, authorLang: Language) {
  const query = new URL(request.url).searchParams;
  const asked = query.get("lang");
  const lang: Language = asked === "fr" || asked === "en" ? asked : authorLang;
  const width: "phone" | "full" = query.get("width") === "full" ? "full" : "phone";
  const resources = pageResources[lang] as Record<string, unknown>;
  return { lang, width, strings: { trainings: resources.trainings, common: resources.common } };
}

/**
 * What a preview page reads of its request: the author's language, the query, the page's title
 * (in the author's language) and the placeholder of a text still to write (in the preview's).
 */
export async function readPreviewRequest(request: Request) {
  const authorLang = await localeOf(request);
  const query = previewQuery(request, authorLang);
  const title = (await translator(authorLang, "author"))("preview.title");
  const missing = (await translator(query.lang, "author"))("preview.toWrite");
  return { authorLang, query, title, missing };
}
