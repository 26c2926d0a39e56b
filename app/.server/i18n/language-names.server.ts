/**
 * A language as a person reads it, in the reader's language: "Français", "Anglais" ("French",
 * "English"), never its code. Intl names it in lower case in French, as within a sentence; shown
 * alone, a name starts with a capital.
 */
const names = new Map<string, Intl.DisplayNames>();

export function languageName(readerLang: string, code: string): string {
  let display = names.get(readerLang);
  if (!display) {
    display = new Intl.DisplayNames(readerLang, { type: "language", fallback: "code" });
    names.set(readerLang, display);
  }
  const name = display.of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(readerLang) + name.slice(1);
}
