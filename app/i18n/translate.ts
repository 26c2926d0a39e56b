/**
 * The translate function that components use, on the server and in the browser alike. It reads
 * the same JSON resources as i18next and keeps i18next's conventions for what Cap uses:
 * "ns:key.path" lookups, {{name}} interpolation and _one/_other plural keys with `count`.
 * i18next itself stays on the server (remix-i18next: locale detection, loaders, emails); the
 * browser gets this small function instead, which keeps ~15 KB gzip of JavaScript off every page.
 */
import { messageValuesOf } from "./message-values";

export type Resources = Record<string, unknown>;
export type TranslateOptions = Record<string, string | number | undefined>;
export type TFunction = (key: string, options?: TranslateOptions) => string;

function lookup(resources: Resources | undefined, ns: string, path: string): unknown {
  let node: unknown = resources?.[ns];
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function withValues(key: string, options: TranslateOptions | undefined): TranslateOptions | undefined {
  const values = messageValuesOf(key, "");
  return values ? { ...values, ...options } : options;
}

function interpolate(template: string, options: TranslateOptions | undefined) {
  if (!options) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => {
    const value = options[name];
    return value === undefined ? match : String(value);
  });
}

/** A t() for `lng` over `resources` (namespaces of that language), falling back to `fallback`. */
// Intl.PluralRules is costly to build and components ask for a t() on every render.
const pluralRules = new Map<string, Intl.PluralRules>();
function pluralRulesOf(lng: string) {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    pluralRules.set(lng, rules);
  }
  return rules;
}

export function createT(lng: string, defaultNs: string, resources: Resources, fallback?: Resources): TFunction {
  const plural = pluralRulesOf(lng);
  return (key, options) => {
    const [ns, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : [defaultNs, key];
    const count = options?.count;
    const candidates = typeof count === "number" ? [`${path}_${plural.select(count)}`, `${path}_other`, path] : [path];
    for (const source of [resources, fallback]) {
      for (const candidate of candidates) {
        const value = lookup(source, ns, candidate);
        if (typeof value === "string") return interpolate(value, withValues(`${ns}:${path}`, options));
      }
    }
    return key;
  };
}
