import { describe, expect, it } from "vitest";
import { resources } from "~/locales/resources";

function keysOf(node: unknown, prefix = ""): string[] {
  if (node === null || typeof node !== "object") return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

describe("translations", () => {
  it("have the same namespaces in French and English", () => {
    expect(Object.keys(resources.en).sort()).toEqual(Object.keys(resources.fr).sort());
  });

  for (const ns of Object.keys(resources.fr) as (keyof typeof resources.fr)[]) {
    it(`${ns}: every key exists in both languages`, () => {
      const fr = new Set(keysOf(resources.fr[ns]));
      const en = new Set(keysOf(resources.en[ns]));
      expect(
        [...fr].filter((key) => !en.has(key)),
        "in fr, missing in en",
      ).toEqual([]);
      expect(
        [...en].filter((key) => !fr.has(key)),
        "in en, missing in fr",
      ).toEqual([]);
    });

    it(`${ns}: no string is empty`, () => {
      for (const lng of ["fr", "en"] as const) {
        const empty = keysOf(resources[lng][ns]).filter((key) => {
          const value = key
            .split(".")
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources[lng][ns]);
          return typeof value !== "string" || value.trim() === "";
        });
        expect(empty, lng).toEqual([]);
      }
    });
  }
});
