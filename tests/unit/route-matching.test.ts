import { matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * patches/: matchRoutes keeps each routes array's ranked branches and each compiled pattern. What
 * a request matches must not depend on what was matched before, nor on another array's routes.
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
});
