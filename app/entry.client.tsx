import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "~/i18n";
import { I18N_RESOURCES_ID } from "~/components/i18n-resources";

/**
 * Hydrates the server-rendered page. The strings of the page's language are read from the JSON
 * block the server wrote (components/i18n-resources), so hydration waits for no request.
 */
async function hydrate() {
  const lng = document.documentElement.lang;
  const bundle = JSON.parse(document.getElementById(I18N_RESOURCES_ID)?.textContent || "{}");
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    lng,
    ns: Object.keys(bundle),
    resources: { [lng]: bundle },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18next}>
          <RemixBrowser />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
