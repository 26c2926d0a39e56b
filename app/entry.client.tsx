import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nProvider } from "~/i18n/react";
import { I18N_RESOURCES_ID } from "~/components/i18n-resources";
import { ERROR_REPORTING_ID } from "~/components/error-reporting-config";
import { checkFrontVersion } from "~/builds/version-check";

// The strings of the page's language come from the JSON block the server wrote: no request.
const language = document.documentElement.lang;
const resources = JSON.parse(document.getElementById(I18N_RESOURCES_ID)?.textContent || "{}");

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nProvider value={{ language, resources }}>
        <RemixBrowser />
      </I18nProvider>
    </StrictMode>,
  );
});

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
