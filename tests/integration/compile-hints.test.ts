import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type BrowserMetafile, COMPILE_HINT } from "~/.server/builds/compile-hints.server";

/**
 * The compile hints in the production build (`npm run build` writes build/metafile.js.json and the
 * files it names): the rules themselves are unit-tested in tests/unit/compile-hints.test.ts.
 */
describe("compile hints", () => {
  it("is in the build: the client entry and what it imports (React among them) open with it, a route module does not", () => {
    const root = path.resolve(__dirname, "../..");
    const built = JSON.parse(readFileSync(path.join(root, "build/metafile.js.json"), "utf8")) as BrowserMetafile;
    const opening = (file: string) => readFileSync(path.join(root, file), "utf8").slice(0, COMPILE_HINT.length);
    const [entry] = Object.keys(built.outputs).filter(
      (file) => built.outputs[file].entryPoint === "app/entry.client.tsx",
    );
    expect(opening(entry)).toBe(COMPILE_HINT);
    const imported = built.outputs[entry].imports
      .filter(({ kind }) => kind === "import-statement")
      .map(({ path: file }) => file);
    expect(imported.some((file) => readFileSync(path.join(root, file), "utf8").includes("react.element"))).toBe(true);
    for (const file of imported) expect(opening(file)).toBe(COMPILE_HINT);
    const route = Object.keys(built.outputs).find((file) =>
      built.outputs[file].entryPoint?.includes("routes/_main.home.login"),
    );
    expect(route).toBeDefined();
    expect(opening(route!)).not.toBe(COMPILE_HINT);
  });
});
