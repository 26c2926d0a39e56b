import { asc, eq, gt } from "drizzle-orm";
import { recordChange } from "~/.server/audit/audit-log.server";
import { db } from "~/.server/db/client.server";
import { appUsers, coaches, coachingBookings } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { withdrawWithin } from "~/.server/roles/roles.server";
import { cancelSessionsOfRetiring } from "../booking/cancellations.server";
import { confirmedSessionsOf } from "../booking-records.server";

/**
 * Retiring a coach: after a confirmation step that lists them, their future
 * confirmed sessions are cancelled (members told, in their language, that the coach retired),
 * the coach is marked retired (no longer offered to members; past sessions stay theirs) and the
 * coach role is withdrawn from their account if they have one — one transaction, one audit entry.
 */

/** At most this many sessions are listed on the confirmation step (the count says the rest). */
export const RETIRE_LIST_MAX = 100;

/** The coach's confirmed sessions not yet started: what retiring them cancels. */
export async function sessionsToCancel(coachId: string, now = new Date()) {
  if (!isUuid(coachId)) return [];
  const rows = await db()
    .select({
      id: coachingBookings.id,
      startsAt: coachingBookings.startsAt,
      firstname: appUsers.firstname,
      lastname: appUsers.lastname,
    })
    .from(coachingBookings)
    .innerJoin(appUsers, eq(appUsers.id, coachingBookings.memberId))
    .where(confirmedSessionsOf({ coachId }, gt(coachingBookings.startsAt, now)))
    .orderBy(asc(coachingBookings.startsAt))
    .limit(RETIRE_LIST_MAX);
  return rows.map((row) => ({ id: row.id, startsAt: row.startsAt, member: `${row.firstname} ${row.lastname}` }));
}

export type RetireOutcome = { ok: true; cancelled: number } | { ok: false; error: "notFound" | "alreadyRetired" };

export async function retireCoach(actorId: string | null, coachId: string, now = new Date()): Promise<RetireOutcome> {
  if (!isUuid(coachId)) return { ok: false, error: "notFound" };
  return db().transaction(async (tx): Promise<RetireOutcome> => {
    // Taken whole, as adding time off does: a booking made meanwhile waits, then sees the coach retired.
    const [coach] = await tx.select().from(coaches).where(eq(coaches.id, coachId)).for("update");
    if (!coach) return { ok: false, error: "notFound" };
    if (coach.retired) return { ok: false, error: "alreadyRetired" };
    const cancelled = await cancelSessionsOfRetiring(tx, coach.id, now);
    await tx.update(coaches).set({ retired: true, updatedAt: now }).where(eq(coaches.id, coach.id));
    const withdrawn = coach.memberId ? await withdrawWithin(tx, { memberId: actorId }, coach.memberId, "coach") : null;
    await recordChange(tx, {
      actorId,
      subject: { id: coach.memberId, name: coach.name },
      action: "coach.retired",
      before: { retired: false },
      after: {
        retired: true,
        cancelledSessions: cancelled,
        ...(withdrawn?.ok && withdrawn.changed ? { coachRole: "withdrawn" } : {}),
      },
    });
    return { ok: true, cancelled };
  });
}
