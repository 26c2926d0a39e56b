import { useTranslation } from "~/i18n/react";

export const I18N_RESOURCES_ID = "i18n-resources";

/**
 * Writes the page language's strings into the page as a JSON data block (it does not run, so the
 * CSP has nothing to allow); the browser reads it before hydrating. `<` is escaped so no string
 * can close the tag.
 */
export function I18nResources() {
  const { i18n } = useTranslation();
  const json = JSON.stringify(i18n.resources).replace(/</g, "\\u003c");
  return (
    <script
      id={I18N_RESOURCES_ID}
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
