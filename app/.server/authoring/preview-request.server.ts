import { pageResources } from "~/.server/i18n/page-strings.server";
import type { Language } from "~/i18n/config";

/**
 * What a preview page's query asks (issue 26 item 4): the language (`?lang=fr|en`, else the
 * author's own) and the width (`?width=phone|full`, a phone's by default), anything else ignored.
 */
export function previewQuery(request: Request, authorLang: Language) {
  const query = new URL(request.url).searchParams;
  const asked = query.get("lang");
  const lang: Language = asked === "fr" || asked === "en" ? asked : authorLang;
  const width: "phone" | "full" = query.get("width") === "full" ? "full" : "phone";
  const resources = pageResources[lang] as Record<string, unknown>;
  return { lang, width, strings: { trainings: resources.trainings, common: resources.common } };
}
