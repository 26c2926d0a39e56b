import { and, asc, count, eq } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { crewMembers, invitations } from "~/.server/db/schema.server";
import { readPage, type PageRequest, type Window } from "~/.server/paging/paging.server";
import type { Language } from "~/i18n/config";
import { isUuid } from "~/.server/db/uuid.server";
import { sendInvitation } from "./invitations.server";
import type { Relation } from "./relations.server";
import { takeCrewMailQuota } from "./mail-quota.server";

/**
 * A member's crew: people they add by name, email and relation. Every function takes
 * the member's id and touches only that member's rows: another member's id reads as "not found".
 */
export type CrewStatus = "invited" | "joined" | "declined" | "revoked";

export type CrewView = {
  id: string;
  name: string;
  email: string;
  relation: string;
  status: CrewStatus;
  invitationId: string | null;
};

/** Crew cards a page of /my_team/list holds. */
export const CREW_PAGE_SIZE = 12;

export async function listCrew(memberId: string): Promise<CrewView[]> {
  return (await crewRows(memberId)).map(crewView);
}

/** The crew a page at a time, in the list's order (name, then when added). */
export async function crewPage(memberId: string, requested: PageRequest, options?: { settle: boolean }) {
  const { items, page } = await readPage(
    requested,
    async () =>
      (await db().select({ count: count() }).from(crewMembers).where(eq(crewMembers.memberId, memberId)))[0].count,
    (window) => crewRows(memberId, window),
    options,
  );
  return { items: items.map(crewView), page };
}

function crewRows(memberId: string, window?: Window) {
  const query = db()
    .select({ crew: crewMembers, invitationId: invitations.id, invitationStatus: invitations.status })
    .from(crewMembers)
    .leftJoin(invitations, eq(invitations.crewMemberId, crewMembers.id))
    .where(eq(crewMembers.memberId, memberId))
    // The id last: a total order, so that two people of the same name keep their page.
    .orderBy(asc(crewMembers.name), asc(crewMembers.createdAt), asc(crewMembers.id));
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

function crewView({ crew, invitationId, invitationStatus }: Awaited<ReturnType<typeof crewRows>>[number]): CrewView {
  return {
    id: crew.id,
    name: crew.name,
    email: crew.email,
    relation: crew.relation,
    status: crew.joinedMemberId
      ? "joined"
      : invitationStatus === "declined" || invitationStatus === "revoked"
        ? invitationStatus
        : "invited",
    invitationId,
  };
}

export async function crewMemberOf(memberId: string, crewId: string): Promise<CrewView | null> {
  if (!isUuid(crewId)) return null;
  return (await listCrew(memberId)).find((crew) => crew.id === crewId) ?? null;
}

export type NewCrewMember = { name: string; email: string; relation: Relation };
export type Inviter = { id: string; firstname: string; lastname: string; lang: Language };

/** Adds the crew member, their invitation and its email in one transaction. */
export async function addCrewMember(
  inviter: Inviter,
  input: NewCrewMember,
): Promise<{ ok: true; id: string } | { ok: false; error: "emailInCrew" | "tooSoon" | "tooManyMails" }> {
  const email = input.email.toLowerCase();
  const inCrew = { ok: false as const, error: "emailInCrew" as const };
  return db().transaction(async (tx) => {
    const [known] = await tx
      .select({ id: crewMembers.id })
      .from(crewMembers)
      .where(and(eq(crewMembers.memberId, inviter.id), eq(crewMembers.email, email)));
    if (known) return inCrew;
    // Known addresses first: "already in your crew" says more than a refused quota.
    const quota = await takeCrewMailQuota(tx, inviter.id, [email], "invitation");
    if (!quota.ok) return quota;
    const [crew] = await tx
      .insert(crewMembers)
      .values({ memberId: inviter.id, name: input.name, email, relation: input.relation })
      .onConflictDoNothing()
      .returning({ id: crewMembers.id });
    if (!crew) return inCrew;
    const [invitation] = await tx
      .insert(invitations)
      .values({ inviterId: inviter.id, email, crewMemberId: crew.id })
      .returning({ id: invitations.id });
    await sendInvitation(tx, inviter, { id: invitation.id, email });
    return { ok: true as const, id: crew.id };
  });
}

/** Name and relation change; the email stays what the invitation went to. */
export async function updateCrewMember(
  memberId: string,
  crewId: string,
  input: { name: string; relation: Relation },
): Promise<boolean> {
  if (!isUuid(crewId)) return false;
  const updated = await db()
    .update(crewMembers)
    .set({ name: input.name, relation: input.relation, updatedAt: new Date() })
    .where(and(eq(crewMembers.id, crewId), eq(crewMembers.memberId, memberId)))
    .returning({ id: crewMembers.id });
  return updated.length > 0;
}

/** Removes the crew member; a pending invitation of theirs is revoked so its link stops working. */
export async function removeCrewMember(memberId: string, crewId: string): Promise<boolean> {
  if (!isUuid(crewId)) return false;
  return db().transaction(async (tx) => {
    // Before the delete: it sets the invitation's crew_member_id to null.
    await tx
      .update(invitations)
      .set({ status: "revoked", updatedAt: new Date() })
      .where(
        and(
          eq(invitations.crewMemberId, crewId),
          eq(invitations.inviterId, memberId),
          eq(invitations.status, "pending"),
        ),
      );
    const removed = await tx
      .delete(crewMembers)
      .where(and(eq(crewMembers.id, crewId), eq(crewMembers.memberId, memberId)))
      .returning({ id: crewMembers.id });
    return removed.length > 0;
  });
}
