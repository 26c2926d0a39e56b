import { and, asc, eq, gt, sql } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { appUsers, coaches, coachingBookings } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { type Page, type PageRequest, settlePage } from "~/.server/paging/paging.server";
import { grantRole } from "~/.server/coaching/coaches/role-changes.server";
import { coachOfMember } from "~/.server/coaching/coaches/coach-accounts.server";

/**
 * The operator's coaches: the list, a page at a time (active ones first, in the
 * order members see them, then the retired), and making a member a coach from their address.
 */
export const COACHES_PAGE_SIZE = 20;

export type CoachLine = {
  id: string;
  slug: string;
  name: string;
  retired: boolean;
  member: { id: string; name: string } | null;
  upcoming: number;
};

export async function coachesPage(request: PageRequest, now = new Date()): Promise<{ items: CoachLine[]; page: Page }> {
  const [{ total }] = await db().select({ total: sql<number>`count(*)::int` }).from(coaches);
  const page = settlePage(request, total);
  const upcoming = db()
    .select({ coachId: coachingBookings.coachId, count: sql<number>`count(*)::int`.as("count") })
    .from(coachingBookings)
    .where(and(eq(coachingBookings.status, "confirmed"), gt(coachingBookings.startsAt, now)))
    .groupBy(coachingBookings.coachId)
    .as("upcoming");
  const rows = await db()
    .select({
      id: coaches.id,
      slug: coaches.slug,
      name: coaches.name,
      retired: coaches.retired,
      memberId: appUsers.id,
      firstname: appUsers.firstname,
      lastname: appUsers.lastname,
      upcoming: sql<number>`coalesce(${upcoming.count}, 0)::int`,
    })
    .from(coaches)
    .leftJoin(appUsers, eq(appUsers.id, coaches.memberId))
    .leftJoin(upcoming, eq(upcoming.coachId, coaches.id))
    .orderBy(asc(coaches.retired), asc(coaches.position), asc(coaches.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    page,
    items: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      retired: row.retired,
      member: row.memberId ? { id: row.memberId, name: `${row.firstname} ${row.lastname}` } : null,
      upcoming: row.upcoming,
    })),
  };
}

export type MakeCoachOutcome = { ok: true; coachId: string } | { ok: false; error: "noMember" };

/** The member with this address gets the coach role (and their coach record); answers that record. */
export async function makeCoachByEmail(adminId: string, email: string): Promise<MakeCoachOutcome> {
  const identityId = await identity().findIdByEmail(email);
  if (!identityId) return { ok: false, error: "noMember" };
  const [member] = await db().select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.identityId, identityId));
  if (!member) return { ok: false, error: "noMember" };
  const granted = await grantRole({ memberId: adminId }, member.id, "coach");
  if (!granted.ok) return { ok: false, error: "noMember" };
  const coach = await coachOfMember(member.id);
  return coach ? { ok: true, coachId: coach.id } : { ok: false, error: "noMember" };
}
