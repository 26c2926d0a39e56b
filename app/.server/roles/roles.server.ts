import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { recordChange } from "~/.server/audit/audit-log.server";
import { identity } from "~/.server/identity/identity-service.server";
import { db, type Executor } from "~/.server/db/client.server";
import { appUsers, memberRoles } from "~/.server/db/schema.server";
import { ROLES, type Role } from "~/forms/roles";

/**
 * Cap's roles (~/forms/roles), in Cap's database whatever identity adapter runs. Every grant and
 * withdrawal is audited in its own transaction.
 */
export { ROLES, type Role };

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/**
 * Whatever may leave Cap without an active admin takes this transaction-level lock before
 * counting them (anActiveAdminRemainsWithout), as the first admin's claim does.
 */
const ADMINS_LOCK = 0x0ca9_0024;

/**
 * Makes the member the first admin, when Cap has none (the first-run link, first-admin.server.ts):
 * under the admins' lock, so that two members claiming at once leave one admin. Audited with no
 * actor, as the command line's grants are.
 */
export async function claimFirstAdmin(memberId: string): Promise<"granted" | "taken" | "noMember"> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMINS_LOCK})`);
    if (await anAdminExists(tx)) return "taken";
    const granted = await grantWithin(tx, { memberId: null }, memberId, "admin");
    return granted.ok ? "granted" : "noMember";
  });
}

/** Whether any member holds the admin role. */
export async function anAdminExists(tx: Executor = db()): Promise<boolean> {
  const [row] = await tx
    .select({ id: memberRoles.memberId })
    .from(memberRoles)
    .where(eq(memberRoles.role, "admin"))
    .limit(1);
  return row !== undefined;
}

/** The member's roles, read afresh (no cache: a withdrawn role stops working at once in every worker). */
export async function rolesOf(memberId: string, tx: Executor = db()): Promise<Role[]> {
  const rows = await tx.select({ role: memberRoles.role }).from(memberRoles).where(eq(memberRoles.memberId, memberId));
  return ROLES.filter((role) => rows.some((row) => row.role === role));
}

/** Who holds each role, by member id (for a page of members). */
export async function rolesOfMembers(memberIds: string[]): Promise<Record<string, Role[]>> {
  if (memberIds.length === 0) return {};
  const rows = await db().select().from(memberRoles).where(inArray(memberRoles.memberId, memberIds));
  const byMember: Record<string, Role[]> = {};
  for (const row of rows) byMember[row.memberId] = [...(byMember[row.memberId] ?? []), row.role];
  return byMember;
}

/** Who changes a role: an admin (their member id), or null for the command line and ADMIN_EMAILS. */
export type Actor = { memberId: string | null };

export type RoleChange = { ok: true; changed: boolean } | { ok: false; error: "noMember" | "lastAdmin" };

async function subjectOf(tx: Executor, memberId: string) {
  const [row] = await tx
    .select({ id: appUsers.id, firstname: appUsers.firstname, lastname: appUsers.lastname })
    .from(appUsers)
    .where(eq(appUsers.id, memberId));
  return row ? { id: row.id, name: `${row.firstname} ${row.lastname}` } : null;
}

/** The audit log's line for a role change: who did it, to whom, the roles held before and after. */
function recordRoles(
  tx: Executor,
  actor: Actor,
  subject: NonNullable<Awaited<ReturnType<typeof subjectOf>>>,
  action: "role.granted" | "role.withdrawn",
  roles: { before: Role[]; after: Role[] },
) {
  return recordChange(tx, {
    actorId: actor.memberId,
    subject,
    action,
    before: { roles: roles.before },
    after: { roles: roles.after },
  });
}

/**
 * Gives `role` to the member, in the caller's transaction; granting a role they hold changes (and
 * audits) nothing. What a role brings elsewhere (the coach record) is its domain's: coaching's
 * grantRole (coaching/coaches/role-changes.server.ts) is the one the app calls.
 */
export async function grantWithin(tx: Executor, actor: Actor, memberId: string, role: Role): Promise<RoleChange> {
  const subject = await subjectOf(tx, memberId);
  if (!subject) return { ok: false, error: "noMember" };
  const before = await rolesOf(memberId, tx);
  if (before.includes(role)) return { ok: true, changed: false };
  // Two workers granting at once (ADMIN_EMAILS at start): only the one that inserted audits.
  const inserted = await tx.insert(memberRoles).values({ memberId, role }).onConflictDoNothing().returning();
  if (inserted.length === 0) return { ok: true, changed: false };
  const after = ROLES.filter((held) => held === role || before.includes(held));
  await recordRoles(tx, actor, subject, "role.granted", { before, after });
  return { ok: true, changed: true };
}

/** Thrown inside a change's transaction to undo it: the member is the last active admin. */
export class LastAdminError extends Error {}

/**
 * Whether an admin other than this member can still sign in (their account active), under the
 * admins' lock, in `tx`: call it in the transaction of whatever may leave Cap without one — a
 * withdrawal of `admin`, an account disabled or deleted — so that two admins doing it to each
 * other at once cannot both see the other one left. States are read through `tx`, which sees what
 * a change committed while it waited for the lock.
 */
export async function anActiveAdminRemainsWithout(tx: Executor, memberId: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMINS_LOCK})`);
  const others = await tx
    .select({ identityId: appUsers.identityId })
    .from(memberRoles)
    .innerJoin(appUsers, eq(appUsers.id, memberRoles.memberId))
    .where(and(eq(memberRoles.role, "admin"), ne(memberRoles.memberId, memberId)));
  for (const { identityId } of others) if ((await identity().find(identityId, tx))?.state === "active") return true;
  return false;
}

/**
 * Takes `role` from the member, in the caller's transaction; the last admin keeps theirs. What the
 * role's domain refuses first (a coach with sessions to come) is coaching's withdrawRole.
 */
export async function withdrawWithin(tx: Executor, actor: Actor, memberId: string, role: Role): Promise<RoleChange> {
  const lastActive = role === "admin" && !(await anActiveAdminRemainsWithout(tx, memberId));
  const subject = await subjectOf(tx, memberId);
  if (!subject) return { ok: false, error: "noMember" } as const;
  const before = await rolesOf(memberId, tx);
  if (!before.includes(role)) return { ok: true, changed: false } as const;
  if (lastActive) return { ok: false, error: "lastAdmin" } as const;
  await tx.delete(memberRoles).where(and(eq(memberRoles.memberId, memberId), eq(memberRoles.role, role)));
  const after = before.filter((held) => held !== role);
  await recordRoles(tx, actor, subject, "role.withdrawn", { before, after });
  return { ok: true, changed: true } as const;
}
