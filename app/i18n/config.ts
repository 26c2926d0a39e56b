/** i18n settings shared by the server and the browser (SPEC §1, §9: fr by default, en fallback). */
export const supportedLanguages = ["fr", "en"] as const;
export type Language = (typeof supportedLanguages)[number];

export const i18nConfig = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: "en",
  defaultNS: "common",
  // React and the mail templates escape values themselves.
  interpolation: { escapeValue: false },
};

export const defaultLanguage: Language = "fr";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}
