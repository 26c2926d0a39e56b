/**
 * `npm run backup -- [archive]`: one archive of Cap's data (docs/operations.md "Backups"), by
 * default backups/cap-<UTC date and time>.tar.gz. On PGlite, with the server stopped.
 */
import { writeBackup } from "./archive.server";
import { configuredTarget, refuseWhileServing, runCommand } from "./commands.server";

const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
const archive = process.argv[2] ?? `backups/cap-${stamp}.tar.gz`;
const { target, dataDir, port } = configuredTarget();

await runCommand(async () => {
  await refuseWhileServing(target, port);
  const manifest = await writeBackup({ target, dataDir, archive });
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  return [
    `Backed up ${manifest.driver === "postgres" ? "PostgreSQL" : "the embedded database"} to ${archive}:`,
    `  ${Object.keys(manifest.tables).length} tables, ${rows} rows (uploads and photos included), schema at migration ${manifest.migrations}`,
    manifest.sessionSecret === "in-archive"
      ? "  with DATA_DIR's session secret: keep the archive as private as the database"
      : "  SESSION_SECRET comes from the environment: keep it with the archive, links and cookies need it",
    manifest.totpKey === "in-archive"
      ? "  with DATA_DIR's TOTP key: the two-factor pairings open with it"
      : "  TOTP_ENCRYPTION_KEYS comes from the environment: keep it with the archive, the two-factor pairings need it",
  ];
});
