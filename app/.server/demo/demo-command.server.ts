/**
 * `npm run demo`: Cap for someone evaluating it, on a throw-away embedded database with the dev
 * mailbox on and one person of each role ready to sign in (demo-people.server.ts). The built
 * server runs in development mode, since the dev mailbox never opens in production; the data goes
 * when the demo stops. Never next to real data: it refuses NODE_ENV=production and DATABASE_URL.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { env } from "~/.server/config/env.server";
import { setDatabase } from "~/.server/db/client.server";
import { openSeededDatabase } from "~/.server/runtime/lifecycle.server";
import { DEMO_PASSWORD, demoPeople, makeDemoPeople } from "./demo-people.server";

if (process.env.NODE_ENV === "production" || process.env.DATABASE_URL) {
  console.error(
    "npm run demo makes throw-away accounts with a shared password: it never runs with NODE_ENV=production or a DATABASE_URL.",
  );
  process.exit(1);
}
if (!existsSync("build/server.js")) {
  console.error("No build: run `npm run demo`, which builds first.");
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "cap-demo-"));
Object.assign(process.env, { NODE_ENV: "development", DATA_DIR: dataDir, DEV_MAILBOX: "1" });
const config = env();
const appUrl = config.APP_URL;

console.log(`Preparing the demo in ${dataDir} …`);
const database = await openSeededDatabase(config);
setDatabase(database);
await makeDemoPeople();
setDatabase(undefined);
await database.close();

const server = spawn(process.execPath, ["build/server.js"], { env: process.env, stdio: "inherit" });
const forget = () => rmSync(dataDir, { recursive: true, force: true });
server.on("exit", (code) => {
  forget();
  process.exit(code ?? 0);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));

for (let tries = 0; tries < 120; tries++) {
  const answer = await fetch(`${appUrl}/healthz`).catch(() => null);
  if (answer?.ok) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const width = Math.max(...demoPeople.map((person) => person.email.length));
console.log(
  [
    "",
    `Cap's demo is open on ${appUrl} — sign in at ${appUrl}/home/login with the password ${DEMO_PASSWORD}:`,
    ...demoPeople.map(
      (person) =>
        `  ${person.role.padEnd(7)} ${person.email.padEnd(width)}  ${person.name}, then ${appUrl}${person.opens}`,
    ),
    `Every mail Cap sends is at ${appUrl}/dev/mailbox. Ctrl-C stops the demo and forgets its data.`,
    "",
  ].join("\n"),
);
