import { describe, expect, it } from "vitest";
import { resources } from "~/locales/resources";

/** Every string of a namespace with its dotted key. */
function stringsOf(node: unknown, prefix = ""): [string, string][] {
  if (typeof node === "string") return [[prefix, node]];
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) => stringsOf(value, prefix ? `${prefix}.${key}` : key));
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

describe("words", () => {
  for (const lng of ["fr", "en"] as const) {
    const strings = Object.entries(resources[lng]).flatMap(([ns, tree]) =>
      stringsOf(tree).map(([key, value]) => [`${ns}:${key}`, value] as const),
    );
    const keys = new Set<string>(strings.map(([key]) => key));

    it(`${lng}: no word counted by hand with "(s)", "(e)" or "(es)"`, () => {
      expect(strings.filter(([, value]) => /\((s|e|es)\)/.test(value)).map(([key]) => key)).toEqual([]);
    });

    it(`${lng}: a message that says {{count}} has plural forms, "_one" and "_other"`, () => {
      const bare = strings.filter(([key, value]) => /\{\{\s*count\s*\}\}/.test(value) && !pluralSuffix.test(key));
      expect(bare.map(([key]) => key)).toEqual([]);
      const plurals = [...keys].filter((key) => pluralSuffix.test(key)).map((key) => key.replace(pluralSuffix, ""));
      const incomplete = [...new Set(plurals)].filter((base) => !keys.has(`${base}_one`) || !keys.has(`${base}_other`));
      expect(incomplete).toEqual([]);
    });
  }
});
