import { describe, expect, it } from "vitest";
import { type BrowserMetafile, filesRunAtStart, withCompileHint } from "~/.server/builds/compile-hints.server";

/**
 * Issue 27, target 6: the files every page runs as it starts are compiled off the main thread
 * (app/.server/builds/compile-hints.server.ts, run by `npm run build`). The built files' own check
 * needs the build: tests/integration/compile-hints.test.ts.
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
});
