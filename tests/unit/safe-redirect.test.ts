import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/.server/http/safe-redirect.server";

describe("safeRedirectPath", () => {
  it.each([
    ["/my_commitments", "/my_commitments"],
    ["/training/j-embarque?tab=2#part", "/training/j-embarque?tab=2#part"],
  ])("keeps the same-origin path %s", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "/\tevil",
    "evil.example/path",
    "",
  ])("sends %j to / instead", (target) => {
    expect(safeRedirectPath(target)).toBe("/");
  });

  it("uses the fallback given for a missing target", () => {
    expect(safeRedirectPath(null, "/trainings")).toBe("/trainings");
  });
});
