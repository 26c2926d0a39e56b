import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nProvider } from "~/i18n/react";
import type { Resources } from "~/i18n/translate";
import { ERROR_REPORTING_ID } from "~/components/document/error-reporting-config";
import { checkFrontVersion } from "~/builds/version-check";
import { restoreTypedFields, typedFields } from "~/forms/typed-before-hydration";

// The strings of the page's language: a JSON file named by its content (cached for good after the
// first page), fetched while the scripts load. Without it the page stays as the server rendered it:
// every link and form works without JavaScript.
const language = document.documentElement.lang;
const strings = document.documentElement.dataset.strings;

function hydrate(resources: Resources) {
  // What the member typed while the scripts loaded (forms/typed-before-hydration.ts).
  const typed = typedFields(document);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <Hydrated onHydrated={() => restoreTypedFields(typed)}>
          <I18nProvider value={{ language, resources }}>
            <RemixBrowser />
          </I18nProvider>
        </Hydrated>
      </StrictMode>,
    );
  });
}

/**
 * Runs `onHydrated` once the page has hydrated, after every effect of the page's own components
 * (a parent's effects run after its children's), and marks the document `data-hydrated`.
 */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page has hydrated.
  useEffect(() => {
    onHydrated();
    document.documentElement.dataset.hydrated = "";
  }, []);
  return children;
}

if (strings) {
  fetch(strings)
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${strings}: ${response.status}`))))
    .then(hydrate)
    .catch((error) => console.error("Cap: the page's strings did not load; it works on without JavaScript.", error));
}

// After hydration has been scheduled, so that neither delays it.
checkFrontVersion().catch(() => {
  // No network or no storage: the page works on as it is.
});
// The error-reporting code is loaded only when the server configured a DSN.
const reporting = document.getElementById(ERROR_REPORTING_ID)?.textContent;
if (reporting) {
  void import("~/observability/error-reporting.client").then(({ startErrorReporting }) =>
    startErrorReporting(JSON.parse(reporting)),
  );
}
