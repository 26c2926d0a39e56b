import { describe, expect, it } from "vitest";
import { createT } from "~/i18n/translate";

const fr = { common: { hello: "Bonjour {{name}}", items_one: "{{count}} élément", items_other: "{{count}} éléments" } };
const en = { common: { hello: "Hello {{name}}", onlyEn: "Only in English" }, home: { title: "Home" } };

describe("createT", () => {
  it("interpolates values", () => {
    expect(createT("fr", "common", fr)("hello", { name: "Ana" })).toBe("Bonjour Ana");
  });

  it("chooses the plural form from count with the language's rules", () => {
    const t = createT("fr", "common", fr);
    expect(t("items", { count: 0 })).toBe("0 élément"); // French: 0 is singular
    expect(t("items", { count: 1 })).toBe("1 élément");
    expect(t("items", { count: 3 })).toBe("3 éléments");
  });

  it("reads another namespace with ns:key and falls back to the fallback language", () => {
    const t = createT("fr", "common", fr, en);
    expect(t("home:title")).toBe("Home");
    expect(t("onlyEn")).toBe("Only in English");
  });

  it("answers the key itself when no language has it", () => {
    expect(createT("fr", "common", fr, en)("missing.key")).toBe("missing.key");
  });
});
