// The shape of ARCHITECTURE.md ("Floors", "Shape") as checks over plain data, so that a unit test
// can feed each one a deliberate violation. tests/shape/check.ts runs them over the code.
import ts from "typescript";

/** The folders of app/.server that speak HTTP: they alone take a Request, read FormData or build a Response. */
export const TRANSPORT_FOLDERS = ["http", "api", "auth", "i18n"];
/** The longest route module, in lines: a bigger page is a folder with its pieces beside route.tsx. */
export const ROUTE_MODULE_MAX_LINES = 200;
/** The imports that may run back up a floor between app/.server folders. */
export const UPWARD_IMPORTS_MAX = 2;

export type FileImport = { from: string; to: string };
export type FolderPair = { a: string; b: string; imports: FileImport[] };

const SERVER_FOLDER = /^app\/\.server\/([^/]+)\//;

/** The app/.server folder a file sits in, or null outside app/.server (or at its top). */
export function serverFolder(file: string): string | null {
  return SERVER_FOLDER.exec(file)?.[1] ?? null;
}

/** The imports from one app/.server folder to another, grouped by folder edge "a>b". */
function folderEdges(imports: FileImport[]): Map<string, FileImport[]> {
  const edges = new Map<string, FileImport[]>();
  for (const edge of imports) {
    const a = serverFolder(edge.from);
    const b = serverFolder(edge.to);
    if (!a || !b || a === b) continue;
    const key = `${a}>${b}`;
    edges.set(key, [...(edges.get(key) ?? []), edge]);
  }
  return edges;
}

/** Pairs of app/.server folders that import each other. */
export function folderPairs(imports: FileImport[]): FolderPair[] {
  const edges = folderEdges(imports);
  const pairs: FolderPair[] = [];
  for (const [key, forth] of edges) {
    const [a, b] = key.split(">");
    const back = edges.get(`${b}>${a}`);
    if (back && a < b) pairs.push({ a, b, imports: [...forth, ...back] });
  }
  return pairs;
}

/**
 * The imports that run back up a floor: those whose folder edge lies on a cycle of folders
 * (with no cycle, every folder sits on a floor above all it imports and none runs back up).
 */
export function upwardImports(imports: FileImport[]): FileImport[] {
  const edges = folderEdges(imports);
  const next = new Map<string, string[]>();
  for (const key of edges.keys()) {
    const [a, b] = key.split(">");
    next.set(a, [...(next.get(a) ?? []), b]);
  }
  const reaches = (from: string, target: string): boolean => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const folder = stack.pop()!;
      if (folder === target) return true;
      if (seen.has(folder)) continue;
      seen.add(folder);
      stack.push(...(next.get(folder) ?? []));
    }
    return false;
  };
  const upward: FileImport[] = [];
  for (const [key, list] of edges) {
    const [a, b] = key.split(">");
    if (reaches(b, a)) upward.push(...list);
  }
  return upward;
}

/** Whether a module outside the transport folders speaks HTTP, and by which names. */
export function httpWords(file: string, source: string): string[] {
  const folder = serverFolder(file);
  if (!folder || TRANSPORT_FOLDERS.includes(folder)) return [];
  const words = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && ["Request", "FormData", "Response"].includes(node.text)) words.add(node.text);
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (node.moduleSpecifier.text.startsWith("@remix-run/")) words.add(node.moduleSpecifier.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX));
  return [...words];
}

/** Whether a file under app/routes is a route module (a flat file, or a folder's route.tsx). */
export function isRouteModule(file: string): boolean {
  return /^app\/routes\/[^/]+\.tsx?$/.test(file) || /^app\/routes\/[^/]+\/route\.tsx?$/.test(file);
}

export function lineCount(source: string): number {
  return source.split("\n").length - (source.endsWith("\n") ? 1 : 0);
}
