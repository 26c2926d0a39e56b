import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nProvider } from "~/i18n/react";
import { I18N_RESOURCES_ID } from "~/components/i18n-resources";

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
