/**
 * Date formatters shared across requests, one per language and style: building an
 * Intl.DateTimeFormat costs far more than using one, and pages format their dates on every request.
 * Styles name a member's time zone at most, so the set stays small; it is emptied past a bound
 * all the same.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const maxCachedFormats = 2_000;

/**
 * French writes the first of a month as an ordinal, "1er décembre", which Intl does not: the day
 * is rewritten wherever it stands as a number beside a month or weekday in words ("01/12" stays).
 */
class FrenchDateFormat extends Intl.DateTimeFormat {
  override format = (date?: Date | number): string =>
    this.formatToParts(date)
      .map((part) => (part.type === "day" && part.value === "1" ? "1er" : part.value))
      .join("");
}

export function dateFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = lang.startsWith("fr") ? new FrenchDateFormat(lang, options) : new Intl.DateTimeFormat(lang, options);
    if (formats.size >= maxCachedFormats) formats.clear();
    formats.set(key, format);
  }
  return format;
}
