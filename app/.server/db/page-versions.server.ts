import { type SQL, sql } from "drizzle-orm";
import { db } from "./client.server";

/**
 * The versions of what a kept page may read (migration 0029), by subject: `member`, the session's
 * member's own (raised by writes to that member's rows alone), and each shared subject's
 * (`catalogue`, `coaches`, `legal`, `bookings:<coach id>`, `everything`), raised by the staff's and
 * authors' writes, a coach's bookings by the members booking that coach. Each is raised by the
 * transaction that wrote, as it commits, whatever connection or process it came from, and is
 * visible with that transaction's writes: read before some data, it is never newer than that
 * data. The render cache (http/render-cache.server.ts) keeps a page under the versions of the
 * subjects its route says it reads.
 */
export type PageVersions = Readonly<Record<string, string>>;

/** The shared subjects' versions, as one json column (a handful of rows: one per coach and subject). */
export const subjectVersionsColumn: SQL<Record<string, number> | null> =
  sql`(select json_object_agg(subject, version) from subject_versions)`;

/** The version of the member of an identity (0 before any write of theirs), as one column. */
export const memberVersionColumn = (identityId: SQL | { getSQL(): SQL }): SQL<string | null> =>
  sql`(select mv.version::text from member_versions mv join app_users u on u.id = mv.member_id where u.identity_id = ${identityId})`;

/** The versions read in one statement with the session (identity/embedded/store.server.ts), as pages use them. */
export function pageVersionsOf(row: { member?: string | null; subjects: Record<string, number> | null }): PageVersions {
  const versions: Record<string, string> = {};
  for (const [subject, version] of Object.entries(row.subjects ?? {})) versions[subject] = String(version);
  if (row.member !== undefined) versions.member = row.member ?? "0";
  return versions;
}

/** The shared subjects' versions alone: for a page of no member's (a coach's private agenda link). */
export async function sharedPageVersions(): Promise<PageVersions> {
  const result = (await db().execute(sql`select ${subjectVersionsColumn} as subjects`)) as unknown as {
    rows: { subjects: Record<string, number> | null }[];
  };
  return pageVersionsOf({ subjects: result.rows[0].subjects });
}
