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

const detection = {
  supportedLanguages: [...supportedLanguages],
  fallbackLanguage: defaultLanguage,
  cookie: languageCookie,
};

/** Pages: the cookie first (what the member chose on the language switch), then Accept-Language, then French. */
const pagesLocale = new RemixI18Next({ detection: { ...detection, order: ["cookie", "header"] } });

/**
 * The JSON API: Accept-Language first, as SPEC §7's client sets it to its current locale on every
 * call, then the cookie (a caller sending none, or none we speak), then French.
 */
const apiLocale = new RemixI18Next({ detection: { ...detection, order: ["header", "cookie"] } });

/** The language a request is answered in: by the API's order under /api/, the pages' elsewhere. */
export async function localeOf(request: Request): Promise<Language> {
  const detector = new URL(request.url).pathname.startsWith("/api/") ? apiLocale : pagesLocale;
  return (await detector.getLocale(request)) as Language;
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
