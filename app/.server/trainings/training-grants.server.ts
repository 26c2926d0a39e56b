import { and, eq } from "drizzle-orm";
import { recordChange } from "~/.server/audit/audit-log.server";
import { db, type Executor } from "~/.server/db/client.server";
import { appUsers, entitlements, trainings } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import type { Actor } from "~/.server/roles/roles.server";

/**
 * An admin (or `npm run grant`) opens a payable training to a member or withdraws it.
 * Withdrawing removes the member's access whatever opened it (a grant, an access code, an
 * invitation) and nothing else: their progress and answers stay, for the day it opens again. Each
 * change and its audit entry share one transaction; a change already made changes and audits nothing.
 */
export type TrainingAccessChange = { ok: true; changed: boolean } | { ok: false; error: "noMember" | "noTraining" };

type Parties = { subject: { id: string; name: string }; training: { id: string; slug: string } };

async function partiesOf(
  tx: Executor,
  memberId: string,
  slug: string,
): Promise<Parties | { error: "noMember" | "noTraining" }> {
  const [member] = isUuid(memberId)
    ? await tx
        .select({ id: appUsers.id, firstname: appUsers.firstname, lastname: appUsers.lastname })
        .from(appUsers)
        .where(eq(appUsers.id, memberId))
    : [];
  if (!member) return { error: "noMember" };
  const [training] = await tx
    .select({ id: trainings.id, slug: trainings.slug })
    .from(trainings)
    .where(and(eq(trainings.slug, slug), eq(trainings.access, "payable")));
  if (!training) return { error: "noTraining" };
  return { subject: { id: member.id, name: `${member.firstname} ${member.lastname}` }, training };
}

export async function grantTraining(actor: Actor, memberId: string, slug: string): Promise<TrainingAccessChange> {
  return db().transaction(async (tx) => {
    const parties = await partiesOf(tx, memberId, slug);
    if ("error" in parties) return { ok: false, error: parties.error } as const;
    const { subject, training } = parties;
    // Two admins granting at once: only the insert that landed is audited.
    const inserted = await tx
      .insert(entitlements)
      .values({ memberId: subject.id, trainingId: training.id, source: "grant" })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return { ok: true, changed: false } as const;
    await recordChange(tx, {
      actorId: actor.memberId,
      subject,
      action: "training.granted",
      before: { training: training.slug, access: "none" },
      after: { training: training.slug, access: "grant" },
    });
    return { ok: true, changed: true } as const;
  });
}

export async function withdrawTraining(actor: Actor, memberId: string, slug: string): Promise<TrainingAccessChange> {
  return db().transaction(async (tx) => {
    const parties = await partiesOf(tx, memberId, slug);
    if ("error" in parties) return { ok: false, error: parties.error } as const;
    const { subject, training } = parties;
    const deleted = await tx
      .delete(entitlements)
      .where(and(eq(entitlements.memberId, subject.id), eq(entitlements.trainingId, training.id)))
      .returning({ source: entitlements.source });
    if (deleted.length === 0) return { ok: true, changed: false } as const;
    await recordChange(tx, {
      actorId: actor.memberId,
      subject,
      action: "training.withdrawn",
      before: { training: training.slug, access: deleted[0].source },
      after: { training: training.slug, access: "none" },
    });
    return { ok: true, changed: true } as const;
  });
}
