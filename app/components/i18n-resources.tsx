import { useTranslation } from "react-i18next";

export const I18N_RESOURCES_ID = "i18n-resources";

/**
 * Writes the current language's strings into the page as a JSON data block (not a script that
 * runs, so the CSP has nothing to allow). `<` is escaped so no string can close the tag.
 */
export function I18nResources() {
  const { i18n } = useTranslation();
  const bundle = i18n.store.data[i18n.language] ?? {};
  const json = JSON.stringify(bundle).replace(/</g, "\\u003c");
  return (
    <script
      id={I18N_RESOURCES_ID}
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
