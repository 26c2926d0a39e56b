import { and, count, desc, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Executor } from "~/.server/db/client.server";
import { appUsers, crewMembers, invitations } from "~/.server/db/schema.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { crewInvitationMail } from "~/.server/mail/templates.server";
import type { Language } from "~/i18n/config";
import { isUuid } from "~/.server/db/uuid.server";
import { readPage, type PageRequest, type Window } from "~/.server/paging/paging.server";
import { INVITATION_GAP_MS, takeCrewMailQuota } from "./mail-quota.server";

/**
 * Invitations to join Cap. The invitation's id is the `invited_id` of the
 * registration link; sent ones belong to their inviter, received ones to the invited address.
 */
type InvitationStatus = (typeof invitations.$inferSelect)["status"];

export type SentInvitation = {
  id: string;
  email: string;
  name: string | null;
  status: InvitationStatus;
  lastSentAt: string;
  canResend: boolean;
};

export type ReceivedInvitation = { id: string; inviterName: string; status: InvitationStatus; createdAt: string };

type Inviter = { firstname: string; lastname: string; lang: Language };

export function registerLink(invitationId: string) {
  return `/home/register?invited_id=${invitationId}`;
}

/** Queues the invitation email in the caller's transaction. */
export async function sendInvitation(tx: Executor, inviter: Inviter, invitation: { id: string; email: string }) {
  await queueMail(
    tx,
    crewInvitationMail(inviter.lang, invitation.email, {
      inviterName: `${inviter.firstname} ${inviter.lastname}`.trim(),
      link: registerLink(invitation.id),
    }),
  );
}

/** Invitations the member sent, newest first: all of them, or the `window` of a page. */
export async function sentInvitations(memberId: string, window?: Window): Promise<SentInvitation[]> {
  const query = db()
    .select({ invitation: invitations, name: crewMembers.name })
    .from(invitations)
    .leftJoin(crewMembers, eq(crewMembers.id, invitations.crewMemberId))
    .where(eq(invitations.inviterId, memberId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .$dynamic();
  const rows = await (window ? query.limit(window.limit).offset(window.offset) : query);
  return rows.map(({ invitation, name }) => ({
    id: invitation.id,
    email: invitation.email,
    name,
    status: invitation.status,
    lastSentAt: invitation.lastSentAt.toISOString(),
    canResend: invitation.status === "pending" && Date.now() - invitation.lastSentAt.getTime() >= INVITATION_GAP_MS,
  }));
}

const inviterUser = alias(appUsers, "inviter");

const receivedBy = (email: string) =>
  and(eq(invitations.email, email.toLowerCase()), ne(invitations.status, "revoked"));

/** /invitations: a page of the sent ones and a page of the received ones, each settled within its list. */
export async function invitationPages(
  memberId: string,
  email: string,
  sentPage: PageRequest,
  receivedPage: PageRequest,
  options: { settle: boolean } = { settle: true },
) {
  const [sent, received] = await Promise.all([
    readPage(
      sentPage,
      async () =>
        (await db().select({ count: count() }).from(invitations).where(eq(invitations.inviterId, memberId)))[0].count,
      (window) => sentInvitations(memberId, window),
      options,
    ),
    readPage(
      receivedPage,
      async () => (await db().select({ count: count() }).from(invitations).where(receivedBy(email)))[0].count,
      (window) => receivedInvitations(email, window),
      options,
    ),
  ]);
  return { sent, received };
}

/** Invitations sent to the member's address (revoked ones are gone for the invitee). */
export async function receivedInvitations(email: string, window?: Window): Promise<ReceivedInvitation[]> {
  const query = db()
    .select({ invitation: invitations, firstname: inviterUser.firstname, lastname: inviterUser.lastname })
    .from(invitations)
    .innerJoin(inviterUser, eq(inviterUser.id, invitations.inviterId))
    .where(receivedBy(email))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .$dynamic();
  const rows = await (window ? query.limit(window.limit).offset(window.offset) : query);
  return rows.map(({ invitation, firstname, lastname }) => ({
    id: invitation.id,
    inviterName: `${firstname} ${lastname}`.trim(),
    status: invitation.status,
    createdAt: invitation.createdAt.toISOString(),
  }));
}

export type InvitationOutcome =
  | { ok: true }
  | { ok: false; error: "notFound" | "notPending" | "tooSoon" | "tooManyMails" };

/** Revoking, accepting or declining sends no mail: only the invitation itself can refuse. */
export type SettleOutcome = { ok: true } | { ok: false; error: "notFound" | "notPending" };

export async function resendInvitation(
  inviter: Inviter & { id: string },
  invitationId: string,
): Promise<InvitationOutcome> {
  if (!isUuid(invitationId)) return { ok: false, error: "notFound" };
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({ invitation: invitations, name: crewMembers.name })
      .from(invitations)
      .leftJoin(crewMembers, eq(crewMembers.id, invitations.crewMemberId))
      .where(and(eq(invitations.id, invitationId), eq(invitations.inviterId, inviter.id)))
      .for("update", { of: invitations });
    if (!row) return { ok: false as const, error: "notFound" as const };
    if (row.invitation.status !== "pending") return { ok: false as const, error: "notPending" as const };
    // A resend waits a day after the last email (and the quota keeps that gap across remove/re-add).
    if (Date.now() - row.invitation.lastSentAt.getTime() < INVITATION_GAP_MS)
      return { ok: false as const, error: "tooSoon" as const };
    const quota = await takeCrewMailQuota(tx, inviter.id, [row.invitation.email], "invitation");
    if (!quota.ok) return quota;
    await tx
      .update(invitations)
      .set({ lastSentAt: new Date(), updatedAt: new Date() })
      .where(eq(invitations.id, invitationId));
    await sendInvitation(tx, inviter, { id: invitationId, email: row.invitation.email });
    return { ok: true as const };
  });
}

export async function revokeInvitation(memberId: string, invitationId: string): Promise<SettleOutcome> {
  if (!isUuid(invitationId)) return { ok: false, error: "notFound" };
  return settle(and(eq(invitations.id, invitationId), eq(invitations.inviterId, memberId)), { status: "revoked" });
}

/** The invitee, signed in with the invited address, accepts: the crew member shows as joined. */
export async function acceptInvitation(
  invitee: { id: string; email: string },
  invitationId: string,
): Promise<SettleOutcome> {
  if (!isUuid(invitationId)) return { ok: false, error: "notFound" };
  return db().transaction(async (tx) => {
    const outcome = await settle(
      and(eq(invitations.id, invitationId), eq(invitations.email, invitee.email.toLowerCase())),
      { status: "accepted", inviteeId: invitee.id },
      tx,
    );
    if (outcome.ok) await markJoined(tx, invitationId, invitee.id);
    return outcome;
  });
}

export async function declineInvitation(invitee: { email: string }, invitationId: string): Promise<SettleOutcome> {
  if (!isUuid(invitationId)) return { ok: false, error: "notFound" };
  return settle(
    and(
      eq(invitations.id, invitationId),
      eq(invitations.email, invitee.email.toLowerCase()),
      ne(invitations.status, "revoked"),
    ),
    {
      status: "declined",
    },
  );
}

/** Moves a pending invitation matching `where` to a final status. */
async function settle(
  where: ReturnType<typeof and>,
  change: { status: "accepted" | "declined" | "revoked"; inviteeId?: string },
  executor: Executor = db(),
): Promise<SettleOutcome> {
  const [row] = await executor.select({ status: invitations.status }).from(invitations).where(where);
  if (!row) return { ok: false, error: "notFound" };
  const updated = await executor
    .update(invitations)
    .set({ ...change, updatedAt: new Date() })
    .where(and(where, eq(invitations.status, "pending")))
    .returning({ id: invitations.id });
  return updated.length > 0 ? { ok: true } : { ok: false, error: "notPending" };
}

async function markJoined(tx: Executor, invitationId: string, memberId: string) {
  const [invitation] = await tx
    .select({ crewId: invitations.crewMemberId })
    .from(invitations)
    .where(eq(invitations.id, invitationId));
  if (invitation?.crewId) {
    await tx
      .update(crewMembers)
      .set({ joinedMemberId: memberId, updatedAt: new Date() })
      .where(eq(crewMembers.id, invitation.crewId));
  }
}

/** The address a pending invitation went to: the register page fills it in. */
export async function invitedEmail(invitationId: string | null | undefined): Promise<string | null> {
  if (!invitationId || !isUuid(invitationId)) return null;
  const [row] = await db()
    .select({ email: invitations.email })
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.status, "pending")));
  return row?.email ?? null;
}

/**
 * Registration through an invitation link: the pending invitation is accepted by the new member
 * and its crew member shows as joined. Answers the inviter's id, or null for any other id.
 */
export async function acceptOnRegistration(
  tx: Executor,
  invitationId: string,
  memberId: string,
): Promise<string | null> {
  const [accepted] = await tx
    .update(invitations)
    .set({ status: "accepted", inviteeId: memberId, updatedAt: new Date() })
    .where(and(eq(invitations.id, invitationId), eq(invitations.status, "pending")))
    .returning({ inviterId: invitations.inviterId });
  if (!accepted) return null;
  await markJoined(tx, invitationId, memberId);
  return accepted.inviterId;
}
