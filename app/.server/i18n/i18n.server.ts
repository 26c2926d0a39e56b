import { createCookie } from "@remix-run/node";
import { createInstance, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { defaultLanguage, i18nConfig, supportedLanguages, type Language } from "~/i18n/config";
import { messageValuesOf } from "~/i18n/message-values";
import { resources } from "~/locales/resources";
import { env } from "~/.server/config/env.server";

/** The visitor's chosen language; only the server reads it, so httpOnly. */
export const languageCookie = createCookie("lng", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * The Set-Cookie header remembering `lang`: Secure on https like the token cookie (decided at
 * each call from APP_URL, as the configuration is read after this module loads).
 */
export function languageCookieHeader(lang: Language): Promise<string> {
  return languageCookie.serialize(lang, { secure: env().APP_URL.startsWith("https:") });
}

/** Locale detection: the cookie first, then Accept-Language, then French. */
export const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    cookie: languageCookie,
    order: ["cookie", "header"],
  },
});

export async function localeOf(request: Request): Promise<Language> {
  return (await i18n.getLocale(request)) as Language;
}

// One i18next instance for the process: every resource is bundled, so it initialises at once and
// getFixedT is cheap (remix-i18next's getFixedT would build a new instance per call).
const instance = createInstance();
void instance.init({ ...i18nConfig, resources, initImmediate: false });

/** A translate function for a language or a request's language: loaders, actions, emails. */
export async function translator(requestOrLanguage: Request | Language, ns: string = "common"): Promise<TFunction> {
  const lng = typeof requestOrLanguage === "string" ? requestOrLanguage : await localeOf(requestOrLanguage);
  const t = instance.getFixedT(lng, ns);
  // A message's own values (~/i18n/message-values) under what the caller passes.
  return ((key: string | string[], options?: Record<string, unknown>) => {
    const values = typeof key === "string" ? messageValuesOf(key, ns) : undefined;
    return t(key, values ? { ...values, ...options } : options);
  }) as TFunction;
}
