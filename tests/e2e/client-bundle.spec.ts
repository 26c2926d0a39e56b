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
