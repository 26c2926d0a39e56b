/**
 * Number formatters shared across requests, one per language: building an Intl.NumberFormat costs
 * far more than using one. Pages write their numbers on the server: in the browser, a page's first
 * Intl formatter loads the locale data in a long main-thread task while it hydrates.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function numberFormat(lang: string): Intl.NumberFormat {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang);
    formats.set(lang, format);
  }
  return format;
}
