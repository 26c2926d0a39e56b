import { asc, eq } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { appUsers, memberRoles } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { isRole } from "~/.server/roles/roles.server";
import { grantRole, withdrawRole } from "~/.server/coaching/coaches/role-changes.server";

/**
 * What `npm run roles` does, wherever it runs: in the command's own process (PostgreSQL, or PGlite
 * with no server running) or in the running server, asked over loopback (./roles-command-line.ts).
 * Changes are audited with no actor: "the command line".
 */
export type RolesCommand = { kind: "grant" | "withdraw"; email: string; role: string } | { kind: "list" };

export type RolesCommandAnswer = { ok: boolean; lines: string[] };

export async function runRolesCommand(command: RolesCommand): Promise<RolesCommandAnswer> {
  if (command.kind === "list") return { ok: true, lines: await roleHolders() };
  const { email, role } = command;
  if (!isRole(role)) return { ok: false, lines: [`Unknown role ${role}: coach, admin or author.`] };
  const identityId = await identity().findIdByEmail(email);
  const [member] = identityId
    ? await db().select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.identityId, identityId))
    : [];
  if (!member) return { ok: false, lines: [`No member has the email ${email}.`] };
  const change = command.kind === "grant" ? grantRole : withdrawRole;
  const outcome = await change({ memberId: null }, member.id, role);
  if (!outcome.ok) {
    const why =
      outcome.error === "lastAdmin"
        ? `${email} is the last admin: grant the role to someone else first.`
        : outcome.error === "coachHasSessions"
          ? `${email} has coaching sessions to come: retire the coach in the back office (/admin/coaches), which cancels them and tells the members.`
          : `No member has the email ${email}.`;
    return { ok: false, lines: [why] };
  }
  const done = command.kind === "grant" ? `${email} is now ${role}.` : `${email} is no longer ${role}.`;
  return { ok: true, lines: [outcome.changed ? done : `Nothing to change: ${done}`] };
}

/** Every holder of a role beyond member: "role  name  email", by role then name. */
async function roleHolders(): Promise<string[]> {
  const rows = await db()
    .select({
      role: memberRoles.role,
      identityId: appUsers.identityId,
      first: appUsers.firstname,
      last: appUsers.lastname,
    })
    .from(memberRoles)
    .innerJoin(appUsers, eq(appUsers.id, memberRoles.memberId))
    .orderBy(asc(memberRoles.role), asc(appUsers.lastname), asc(appUsers.firstname));
  if (rows.length === 0) return ["No member holds a role beyond member."];
  return Promise.all(
    rows.map(
      async (row) => `${row.role}\t${row.first} ${row.last}\t${(await identity().emailOf(row.identityId)) ?? "?"}`,
    ),
  );
}

/** Reads the command line's words: the command, or null (the usage is shown). */
export function parseRolesCommand(words: string[]): RolesCommand | null {
  const [kind, email, role] = words;
  if (kind === "list" && words.length === 1) return { kind };
  if ((kind === "grant" || kind === "withdraw") && email && role && words.length === 3) return { kind, email, role };
  return null;
}
