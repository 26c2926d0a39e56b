import { matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * patches/: matchRoutes keeps each routes array's ranked branches, each compiled pattern and the
 * matches of each pathname. What a request matches must not depend on what was matched before, nor
 * on another array's routes, and no request can change what the next one is given.
 */
const members = [
  {
    id: "root",
    path: "",
    children: [
      { id: "training", path: "training/:slug" },
      { id: "module", path: "training/:slug/modules/:module" },
      { id: "home", path: "home", caseSensitive: true },
      { id: "splat", path: "*" },
    ],
  },
];
const staff = [{ id: "root", path: "", children: [{ id: "author", path: "training/:slug" }] }];

const leaf = (routes: typeof members, path: string) => {
  const matches = matchRoutes(routes, path);
  const last = matches?.at(-1);
  return last ? { id: last.route.id, params: last.params } : null;
};

describe("route matching (patched to keep what it derives)", () => {
  it("gives the same match however many times, and the most specific route first", () => {
    for (let i = 0; i < 3; i++) {
      expect(leaf(members, "/training/cap/modules/m1")).toEqual({
        id: "module",
        params: { slug: "cap", module: "m1", "*": undefined },
      });
      expect(leaf(members, "/training/cap")?.id).toBe("training");
      expect(leaf(members, "/nowhere/at/all")?.params["*"]).toBe("nowhere/at/all");
    }
  });

  it("keeps each routes array's own branches", () => {
    expect(leaf(members, "/training/cap")?.id).toBe("training");
    expect(leaf(staff, "/training/cap")?.id).toBe("author");
    expect(leaf(staff, "/training/cap/modules/m1")).toBeNull();
  });

  it("keeps case sensitivity per pattern", () => {
    expect(leaf(members, "/home")?.id).toBe("home");
    // The same path string compiled case-sensitively must not serve a case-insensitive match.
    expect(leaf(members, "/HOME")?.id).toBe("splat");
    expect(matchRoutes([{ path: "home" }], "/HOME")).not.toBeNull();
  });

  it("gives every request for a path the same matches, which no caller can change", () => {
    const first = matchRoutes(members, "/training/cap");
    expect(matchRoutes(members, "/training/cap")).toBe(first);
    expect(() => {
      (first?.at(-1)?.params as Record<string, string>).slug = "someone-else";
    }).toThrow(TypeError);
    expect(leaf(members, "/training/cap")?.params.slug).toBe("cap");
    expect(leaf(members, "/training/other")?.params.slug).toBe("other");
  });

  it("forgets pathnames past a thousand, and still matches them", () => {
    for (let i = 0; i < 2_500; i++) expect(leaf(members, `/training/t${i}`)?.params.slug).toBe(`t${i}`);
    expect(leaf(members, "/training/t0")?.params.slug).toBe("t0");
  });
});
