import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The secret `npm run roles` shows the running server (PGlite: one process holds the database, so
 * the command asks the server to act). Kept under DATA_DIR, readable by its owner only: whoever can
 * read it can already open the database itself.
 */
export function operatorSecret(dataDir: string): string {
  const file = path.join(dataDir, "operator-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
