import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * V8's explicit compile hint (Chromium 136+): a file that opens with this comment has every
 * function compiled as the file streams in, on a background thread. Without it V8 compiles a
 * function on the main thread the first time it runs: React DOM's body, run once at start, was a
 * 100 ms task on a 4× slower processor, after the first paint. Other engines
 * read a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** How Remix's compiler names the two entry points in the metafile. */
const CLIENT_ENTRY = "app/entry.client.tsx";
const ROOT_ROUTE = "browser-route-module:root.tsx?browser";

/** The part of esbuild's metafile (build/metafile.js.json) read here. */
export type BrowserMetafile = {
  outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[] }>;
};

/**
 * The files every page runs as it starts: the client entry and the root route, and what they
 * import statically. A route's own modules are left lazy, as is what is imported on demand (the
 * error reporting): most of their functions may never run.
 */
export function filesRunAtStart(metafile: BrowserMetafile, entryPoints: string[]): string[] {
  const starts = Object.entries(metafile.outputs)
    .filter(([, output]) => output.entryPoint !== undefined && entryPoints.includes(output.entryPoint))
    .map(([file]) => file);
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file) || !metafile.outputs[file]) return;
    found.add(file);
    for (const { path: imported, kind } of metafile.outputs[file].imports)
      if (kind === "import-statement") visit(imported);
  };
  for (const file of starts) visit(file);
  return [...found].sort();
}

/** The file's text opened with the hint, once. */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : COMPILE_HINT + code;
}

/** Marks, in the browser build under `root`, the files every page runs at start; returns them. */
export async function markFilesRunAtStart(root: string): Promise<string[]> {
  const metafile = JSON.parse(await readFile(path.join(root, "build", "metafile.js.json"), "utf8")) as BrowserMetafile;
  const files = filesRunAtStart(metafile, [CLIENT_ENTRY, ROOT_ROUTE]);
  if (files.length === 0) throw new Error("build/metafile.js.json names no client entry: was `remix build` run?");
  for (const file of files) {
    const full = path.join(root, file);
    await writeFile(full, withCompileHint(await readFile(full, "utf8")));
  }
  return files;
}
