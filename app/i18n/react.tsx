import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createT, type Resources } from "./translate";

type I18nValue = { language: string; resources: Resources; fallback?: Resources };

const I18nContext = createContext<I18nValue>({ language: "fr", resources: {} });

/** Provides the page's language and its strings to every component below. */
export function I18nProvider({ value, children }: { value: I18nValue; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** react-i18next's shape: `const { t, i18n } = useTranslation("home")`. */
export function useTranslation(ns = "common") {
  const value = useContext(I18nContext);
  const t = useMemo(
    () => createT(value.language, ns, value.resources, value.fallback),
    [value.language, value.resources, value.fallback, ns],
  );
  return { t, i18n: value };
}
