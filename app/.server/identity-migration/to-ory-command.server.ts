/**
 * `npm run identities:to-ory`: copies the embedded store's identities to the Ory Kratos / Ory
 * Network that ORY_SDK_URL (ORY_ADMIN_URL, ORY_API_KEY) names, on the database the environment names
 * (the embedded one under DATA_DIR by default). See ./to-ory.server.ts; safe to run again.
 */
import path from "node:path";
import { Configuration, IdentityApi } from "@ory/client";
import { ConfigError, type Env, env } from "~/.server/config/env.server";
import { openDatabase, setDatabase } from "~/.server/db/client.server";
import { copyIdentitiesToOry, KratosUnavailableError, type Progress, type Summary } from "./to-ory.server";

if (process.argv.length > 2) {
  console.error("Usage: npm run identities:to-ory (configured by ORY_SDK_URL, ORY_ADMIN_URL, ORY_API_KEY)");
  process.exit(2);
}

const config = readConfig();
if (!config.ORY_SDK_URL) {
  console.error("ORY_SDK_URL is not set: name the Ory Kratos / Ory Network to copy the identities to.");
  process.exit(2);
}
const adminUrl = config.ORY_ADMIN_URL ?? config.ORY_SDK_URL;
const admin = new IdentityApi(
  new Configuration({
    basePath: adminUrl,
    accessToken: config.ORY_API_KEY,
    baseOptions: { timeout: config.ORY_TIMEOUT_MS, maxRedirects: 0 },
  }),
);

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, "pglite") });
setDatabase(database);
console.log(`Copying the embedded identities to ${adminUrl}…`);
const started = Date.now();
let summary: Summary | undefined;
try {
  summary = await copyIdentitiesToOry({ admin, onProgress: printProgress });
} catch (error) {
  if (!(error instanceof KratosUnavailableError)) throw error;
  console.error(`Stopped: ${error.message}. Run the command again: what is copied is not copied twice.`);
} finally {
  await database.close();
}
if (!summary) process.exit(1);
console.log(summaryLine(summary, Date.now() - started));
process.exit(summary.failed === 0 && summary.conflicts === 0 ? 0 : 1);

function readConfig(): Env {
  try {
    return env();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

function counts(summary: Summary): string {
  return `copied ${summary.copied}, already there ${summary.alreadyThere}, conflicts ${summary.conflicts}, failed ${summary.failed}`;
}

/** Conflicts and failures as they happen; counts for every identity under 100, else every 100. */
function printProgress({ done, total, summary, last }: Progress) {
  if (last.outcome === "conflict" || last.outcome === "failed")
    console.error(`  ${last.outcome}: ${last.email} (embedded id ${last.identityId}): ${last.reason}`);
  if (total < 100 || done % 100 === 0 || done === total) console.log(`  ${done}/${total}: ${counts(summary)}`);
}

function summaryLine(summary: Summary, elapsedMs: number): string {
  const seconds = (elapsedMs / 1000).toFixed(1);
  if (summary.copied === 0 && summary.conflicts === 0 && summary.failed === 0)
    return summary.alreadyThere === 0
      ? "Nothing to do: the embedded store holds no identity."
      : `Nothing to do: all ${summary.alreadyThere} identities were already in Ory (${seconds} s).`;
  return `Done in ${seconds} s: ${counts(summary)}.`;
}
