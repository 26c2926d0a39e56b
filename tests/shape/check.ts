// `npm run lint`'s shape check (ARCHITECTURE.md "Shape"): route modules within 200 lines, no
// domain speaking HTTP, no two app/.server folders importing each other, at most
// UPWARD_IMPORTS_MAX imports running back up a floor. Prints each count; exits 1 on a breach.
import { readFileSync } from "node:fs";
import { cruise } from "dependency-cruiser";
import {
  type FileImport,
  ROUTE_MODULE_MAX_LINES,
  UPWARD_IMPORTS_MAX,
  folderPairs,
  httpWords,
  isRouteModule,
  lineCount,
  upwardImports,
} from "./shape";

const result = await cruise(["app", "server.ts"], {
  doNotFollow: { path: "node_modules" },
  exclude: { path: ["^app/[.]server/db/migrations/"] },
  tsPreCompilationDeps: true,
  tsConfig: { fileName: "tsconfig.json" },
  enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".json"] },
});
if (typeof result.output === "string") throw new Error("dependency-cruiser answered text, not modules");
const modules = result.output.modules.filter((module) => module.source.startsWith("app/"));
const imports: FileImport[] = modules.flatMap((module) =>
  module.dependencies.map((dependency) => ({ from: module.source, to: dependency.resolved })),
);

const breaches: string[] = [];
const report = (label: string, found: string[], allowed = 0) => {
  console.log(`${found.length > allowed ? "✖" : "✔"} ${label}: ${found.length} (at most ${allowed})`);
  if (found.length > allowed) breaches.push(label, ...found.map((line) => `    ${line}`));
};

const longRoutes = modules
  .filter((module) => isRouteModule(module.source))
  .map((module) => ({ file: module.source, lines: lineCount(readFileSync(module.source, "utf8")) }))
  .filter((route) => route.lines > ROUTE_MODULE_MAX_LINES)
  .map((route) => `${route.file}: ${route.lines} lines`);
report(`route modules over ${ROUTE_MODULE_MAX_LINES} lines`, longRoutes);

const httpDomains = modules
  .filter((module) => /\.tsx?$/.test(module.source))
  .map((module) => ({ file: module.source, words: httpWords(module.source, readFileSync(module.source, "utf8")) }))
  .filter((module) => module.words.length > 0)
  .map((module) => `${module.file}: ${module.words.join(", ")}`);
report("app/.server modules outside http/, api/, auth/, i18n/ that speak HTTP", httpDomains);

const pairs = folderPairs(imports).map(
  (pair) => `${pair.a} <-> ${pair.b}: ${pair.imports.map((edge) => `${edge.from} -> ${edge.to}`).join("; ")}`,
);
report("app/.server folder pairs importing each other", pairs);

const upward = upwardImports(imports).map((edge) => `${edge.from} -> ${edge.to}`);
report("imports running back up a floor inside app/.server", upward, UPWARD_IMPORTS_MAX);

if (breaches.length > 0) {
  console.error(`\nThe shape (ARCHITECTURE.md "Shape") does not hold:\n${breaches.join("\n")}`);
  process.exit(1);
}
