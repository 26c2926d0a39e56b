import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // One file per area; schema.server.ts re-exports them for the app.
  schema: "./app/.server/db/schema/*.server.ts",
  out: "./app/.server/db/migrations",
});
