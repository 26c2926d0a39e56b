import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type BrowserMetafile,
  COMPILE_HINT,
  filesRunAtStart,
  withCompileHint,
} from "~/.server/builds/compile-hints.server";

/**
 * Issue 27, target 6: the files every page runs as it starts are compiled off the main thread
 * (app/.server/builds/compile-hints.server.ts, run by `npm run build`).
 */
const statics = (...paths: string[]) => paths.map((file) => ({ path: file, kind: "import-statement" }));
const metafile: BrowserMetafile = {
  outputs: {
    "public/build/entry.client-A.js": {
      entryPoint: "app/entry.client.tsx",
      imports: [
        ...statics("public/build/_shared/react-B.js"),
        { path: "public/build/_shared/sentry-S.js", kind: "dynamic-import" },
      ],
    },
    "public/build/_shared/react-B.js": { imports: statics("public/build/_shared/helpers-C.js") },
    "public/build/_shared/helpers-C.js": { imports: statics("public/build/_shared/react-B.js") },
    "public/build/_shared/sentry-S.js": { imports: [] },
    "public/build/root-R.js": {
      entryPoint: "browser-route-module:root.tsx?browser",
      imports: statics("public/build/_shared/root-bits-D.js"),
    },
    "public/build/_shared/root-bits-D.js": { imports: [] },
    "public/build/routes/quiz-Q.js": {
      entryPoint: "browser-route-module:routes/quiz.tsx?browser",
      imports: statics("public/build/_shared/quiz-bits-E.js"),
    },
    "public/build/_shared/quiz-bits-E.js": { imports: [] },
  },
};

describe("compile hints", () => {
  it("names the entry's and the root's files and what they import, not a route's own nor what loads on demand", () => {
    expect(filesRunAtStart(metafile, ["app/entry.client.tsx", "browser-route-module:root.tsx?browser"])).toEqual([
      "public/build/_shared/helpers-C.js",
      "public/build/_shared/react-B.js",
      "public/build/_shared/root-bits-D.js",
      "public/build/entry.client-A.js",
      "public/build/root-R.js",
    ]);
  });

  it("opens a file with the hint once, however often the build step runs", () => {
    const code = 'import{a}from"/build/_shared/helpers-C.js";';
    expect(withCompileHint(code)).toBe(`//# allFunctionsCalledOnLoad\n${code}`);
    expect(withCompileHint(withCompileHint(code))).toBe(withCompileHint(code));
  });

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
