/**
 * `npm run restore -- <archive>`: rebuilds Cap's data from `npm run backup`'s archive into an empty
 * database (DATABASE_URL's, or a DATA_DIR without one), then checks every table's count.
 */
import { restoreBackup } from "./archive.server";
import { configuredTarget, refuseWhileServing, runCommand } from "./commands.server";

const archive = process.argv[2];
if (!archive) {
  console.error("Usage: npm run restore -- <archive written by npm run backup>");
  process.exit(2);
}
const { target, dataDir, port } = configuredTarget();

await runCommand(async () => {
  await refuseWhileServing(target, port);
  const manifest = await restoreBackup({ target, dataDir, archive });
  return [
    `Restored ${archive} (written ${manifest.createdAt}): ${Object.keys(manifest.tables).length} tables, every count checked.`,
    "Start Cap as usual: it applies any migration newer than the archive's.",
  ];
});
