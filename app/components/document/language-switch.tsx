import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { supportedLanguages } from "~/i18n/config";

/**
 * Two buttons, FR and EN, posting to /language, which sets the cookie and sends the member back
 * here. reloadDocument: the new language's strings come with a fresh page.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/language" reloadDocument className="language-switch" aria-label={t("language.label")}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {supportedLanguages.map((lng) => (
        <button
          key={lng}
          type="submit"
          name="lng"
          value={lng}
          lang={lng}
          aria-pressed={i18n.language === lng}
          title={t(`language.names.${lng}`)}
        >
          {lng.toUpperCase()}
        </button>
      ))}
    </Form>
  );
}
