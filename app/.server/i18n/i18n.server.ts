import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { defaultLanguage, i18nConfig, supportedLanguages, type Language } from "~/i18n/config";
import { resources } from "~/locales/resources";

/** The visitor's chosen language; readable by the browser is not needed, so httpOnly. */
export const languageCookie = createCookie("lng", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

export const i18n = new RemixI18Next({
  // The cookie first, then Accept-Language, then French (ISSUE 2 §5).
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    cookie: languageCookie,
    order: ["cookie", "header"],
  },
  i18next: { ...i18nConfig, resources },
});

export async function localeOf(request: Request): Promise<Language> {
  return (await i18n.getLocale(request)) as Language;
}

/** A translate function in the request's language, for loaders, actions and emails. */
export async function translator(request: Request, ns: string = "common") {
  return i18n.getFixedT(request, ns);
}
