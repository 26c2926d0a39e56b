/**
 * Date formatters shared across requests, one per language and style: building an
 * Intl.DateTimeFormat costs far more than using one, and pages format their dates on every request.
 * Styles name a member's time zone at most, so the set stays small; it is emptied past a bound
 * all the same.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const maxCachedFormats = 2_000;

export function dateFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, options);
    if (formats.size >= maxCachedFormats) formats.clear();
    formats.set(key, format);
  }
  return format;
}
