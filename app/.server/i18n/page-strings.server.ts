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

/**
 * The namespaces only the author and admin spaces use: members' browsers never download them (a
 * third of the strings since the author space). Those spaces' pages fetch the staff
 * file, which holds every page namespace.
 */
export const staffNamespaces = ["author", "admin"] as const;

export type Audience = "member" | "staff";
type Bundle = { file: string; json: string };

function bundleOf(language: Language, audience: Audience): Bundle {
  const strings =
    audience === "staff"
      ? pageResources[language]
      : Object.fromEntries(
          Object.entries(pageResources[language]).filter(
            ([ns]) => !(staffNamespaces as readonly string[]).includes(ns),
          ),
        );
  const json = JSON.stringify(strings);
  const hash = createHash("sha256").update(json).digest("hex").slice(0, 12);
  // Named by language and content: a staff file and a member file never share a name.
  return { file: `${language}.${hash}.json`, json };
}

const bundles = Object.fromEntries(
  supportedLanguages.map((language) => [
    language,
    { member: bundleOf(language, "member"), staff: bundleOf(language, "staff") },
  ]),
) as Record<Language, Record<Audience, Bundle>>;

/** Where the browser fetches `language`'s strings, for a member's pages and for the staff's. */
export function pageStringsHrefs(language: Language): Record<Audience, string> {
  return { member: `/i18n/${bundles[language].member.file}`, staff: `/i18n/${bundles[language].staff.file}` };
}

/** The JSON of the file named `file` (e.g. "fr.0123456789ab.json"), or null when no current file has that name. */
export function pageStringsFile(file: string): string | null {
  return (
    supportedLanguages
      .flatMap((language) => [bundles[language].member, bundles[language].staff])
      .find((bundle) => bundle.file === file)?.json ?? null
  );
}

function withoutServerOnly(namespaces: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(namespaces).filter(([ns]) => !(serverOnlyNamespaces as string[]).includes(ns)),
  );
}
