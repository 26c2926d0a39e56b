/**
 * `npm run roles -- grant <email> <role>` / `withdraw <email> <role>` / `list`: Cap's roles from the
 * command line (the first admin), while the server runs or not. With DATABASE_URL the command opens
 * PostgreSQL itself. On the embedded database (PGlite: one process at a time) it asks the server
 * running on PORT over loopback, showing the secret kept under DATA_DIR; with no server answering,
 * it opens the database itself.
 */
import path from "node:path";
import { env } from "~/.server/config/env.server";
import { operatorSecret } from "~/.server/config/operator-secret.server";
import { openDatabase, setDatabase } from "~/.server/db/client.server";
import { parseRolesCommand, type RolesCommand, type RolesCommandAnswer, runRolesCommand } from "./roles-command.server";

const command = parseRolesCommand(process.argv.slice(2));
if (!command) {
  console.error(
    "Usage: npm run roles -- grant <email> <coach|admin|author>\n       npm run roles -- withdraw <email> <coach|admin|author>\n       npm run roles -- list",
  );
  process.exit(2);
}

const config = env();

/** The running server's answer, or null when no server listens on PORT. */
async function askRunningServer(asked: RolesCommand): Promise<RolesCommandAnswer | null> {
  const body = new URLSearchParams({ secret: operatorSecret(config.DATA_DIR), ...asked });
  try {
    const answer = await fetch(`http://127.0.0.1:${config.PORT}/operator/roles`, {
      method: "POST",
      body,
      signal: AbortSignal.timeout(15_000),
    });
    if (answer.status === 404) {
      return {
        ok: false,
        lines: [`The server on port ${config.PORT} refused the command: is its DATA_DIR ${config.DATA_DIR}?`],
      };
    }
    return (await answer.json()) as RolesCommandAnswer;
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED") return null;
    throw error;
  }
}

async function runHere(asked: RolesCommand): Promise<RolesCommandAnswer> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, "pglite") });
  setDatabase(database);
  try {
    return await runRolesCommand(asked);
  } finally {
    await database.close();
  }
}

const answer = (!config.DATABASE_URL && (await askRunningServer(command))) || (await runHere(command));
for (const line of answer.lines) (answer.ok ? console.log : console.error)(line);
process.exit(answer.ok ? 0 : 1);
