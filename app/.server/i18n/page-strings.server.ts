import { createHash } from "node:crypto";
import { supportedLanguages, type Language } from "~/i18n/config";
import { resources, serverOnlyNamespaces } from "~/locales/resources";

/**
 * The strings pages use, by language: rendered into the HTML on the server, and fetched by the
 * browser before it hydrates as one JSON file per language named by its content's hash, so it is
 * cached for good after the first page (GET /i18n/fr.<hash>.json). Pages then carry no strings of
 * their own: three quarters of every page's HTML used to be these strings.
 */
export const pageResources: Record<Language, Record<string, unknown>> = {
  fr: withoutServerOnly(resources.fr),
  en: withoutServerOnly(resources.en),
};

type Bundle = { file: string; json: string };

const bundles = Object.fromEntries(
  supportedLanguages.map((language) => {
    const json = JSON.stringify(pageResources[language]);
    const hash = createHash("sha256").update(json).digest("hex").slice(0, 12);
    return [language, { file: `${language}.${hash}.json`, json }];
  }),
) as Record<Language, Bundle>;

/** Where the browser fetches `language`'s strings. */
export function pageStringsHref(language: Language): string {
  return `/i18n/${bundles[language].file}`;
}

/** The JSON of the file named `file` (e.g. "fr.0123456789ab.json"), or null when no current file has that name. */
export function pageStringsFile(file: string): string | null {
  return supportedLanguages.map((language) => bundles[language]).find((bundle) => bundle.file === file)?.json ?? null;
}

function withoutServerOnly(namespaces: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(namespaces).filter(([ns]) => !(serverOnlyNamespaces as string[]).includes(ns)),
  );
}
