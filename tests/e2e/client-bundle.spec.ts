import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { test } from "./support/test";

/**
 * The browser build holds no server code (ARCHITECTURE.md): no database driver, password hashing,
 * mail transport or secret-handling module reaches public/build. It reads the build that
 * tests/run.sh made before the browser tests.
 */
const markers = [
  "drizzle-orm",
  "@electric-sql/pglite",
  "node-postgres",
  "@node-rs/argon2",
  "nodemailer",
  "SESSION_SECRET",
  "password_hash",
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith(".js") ? [full] : [];
  });
}

test("the client build holds no server code", () => {
  const built = files("public/build");
  expect(built.length).toBeGreaterThan(0);
  const leaks = built.flatMap((file) =>
    markers.filter((marker) => readFileSync(file, "utf8").includes(marker)).map((m) => `${file}: ${m}`),
  );
  expect(leaks).toEqual([]);
});

/**
 * Issue 27: a page's first load carries no empty stand-in of a server module. The browser build
 * replaces each `.server` module a route imports with an empty one; without the patch of
 * @remix-run/dev (patches/README.md) each became a chunk of its own that every page downloaded
 * (`/` loaded 27 files, 9 of them empty). A route's schema built when its module loads and naming
 * a server module's field kept one too (the author's draft pages): schemas live in the server module.
 */
test("no page downloads an empty stand-in of a server module", () => {
  const manifestFile = readdirSync("public/build").find((name) => /^manifest-\w+\.js$/.test(name));
  const manifest = JSON.parse(
    readFileSync(path.join("public/build", manifestFile ?? ""), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;\s*$/, ""),
  ) as { entry: { imports: string[] }; routes: Record<string, { imports?: string[] }> };
  const emptyStandIn =
    /^import\{\w+ as \w+\}from"[^"]+";(var \w+=\w+\(\(\w+,\w+\)=>\{\w+\.exports=\{\}\}\);)+export\{[^}]*\};?\s*$/;
  const isEmpty = (url: string) => emptyStandIn.test(readFileSync(path.join("public", url), "utf8"));
  expect(manifest.entry.imports.filter(isEmpty)).toEqual([]);
  const carrying = Object.entries(manifest.routes)
    .filter(([, route]) => (route.imports ?? []).some(isEmpty))
    .map(([id]) => id);
  expect(carrying).toEqual([]);
});
