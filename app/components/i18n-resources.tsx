import { useTranslation } from "~/i18n/react";

export const I18N_RESOURCES_ID = "i18n-resources";

/**
 * Writes the page language's strings into the page as a JSON data block (it does not run, so the
 * CSP has nothing to allow); the browser reads it before hydrating. `<` is escaped so no string
 * can close the tag.
 */
export function I18nResources() {
  const { i18n } = useTranslation();
  const json = serialized(i18n.resources);
  return (
    <script
      id={I18N_RESOURCES_ID}
      type="application/json"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, serialized so that nothing in it can close the tag
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

// The same few resource objects are written into every page: serialise each once.
const cache = new WeakMap<object, string>();
function serialized(resources: object) {
  let json = cache.get(resources);
  if (json === undefined) {
    json = JSON.stringify(resources).replace(/</g, "\\u003c");
    cache.set(resources, json);
  }
  return json;
}
