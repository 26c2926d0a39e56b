/**
 * `npm run grant -- <email> <training-slug>`: opens a payable training to a member, on the
 * database the environment names (the embedded one under DATA_DIR by default). A thin wrapper over
 * the back office's grantTraining, audited as done from the command line.
 */
import path from "node:path";
import { env } from "~/.server/config/env.server";
import { openDatabase, setDatabase } from "~/.server/db/client.server";
import { grantByEmail } from "./access.server";
import { seedContent } from "./seed.server";

const [email, slug] = process.argv.slice(2);
if (!email || !slug) {
  console.error("Usage: npm run grant -- <email> <training-slug>");
  process.exit(2);
}

const config = env();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, "pglite") });
setDatabase(database);
await seedContent(database.db);
const outcome = await grantByEmail(email, slug);
await database.close();
const messages = {
  granted: `${email} can now follow ${slug}.`,
  noMember: `No member has the email ${email}.`,
  noTraining: `No payable training has the slug ${slug}.`,
};
console.log(messages[outcome]);
process.exit(outcome === "granted" ? 0 : 1);
