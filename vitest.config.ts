import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    // The deployment recipe's tests (nginx, PgBouncer, promtool) run once per CI run, in the
    // PostgreSQL pass (tests/run.sh): CAP_TEST_DEPLOY=1 runs them alone.
    include: process.env.CAP_TEST_DEPLOY
      ? ["tests/deploy/**/*.test.ts"]
      : ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup-database.ts"],
    // One database per worker, opened once and shared by the worker's files (PGlite takes ~3 s).
    pool: "forks",
    poolOptions: { forks: { singleFork: false, isolate: false, maxForks: 2, minForks: 1 } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
