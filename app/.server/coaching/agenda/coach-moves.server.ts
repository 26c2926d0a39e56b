import { and, eq } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { appUsers, coachingBookings } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import type { Coach } from "../booking-records.server";
import { moveSessionOfCoach } from "../booking/moves.server";
import { auditSessionChange } from "./coach-audit.server";

/**
 * A coach moves one of their sessions, from their agenda or the API: the move is checked as a
 * booking is (booking/moves.server.ts moveSessionOfCoach). A coach reaches only their own sessions:
 * anyone else's id is no session at all.
 */

/** The coach's session `id` with its member's name, or null (not theirs, or no such id). */
export async function sessionOfCoach(coach: Coach, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({ booking: coachingBookings, firstname: appUsers.firstname, lastname: appUsers.lastname })
    .from(coachingBookings)
    .innerJoin(appUsers, eq(appUsers.id, coachingBookings.memberId))
    .where(and(eq(coachingBookings.id, id), eq(coachingBookings.coachId, coach.id)));
  return row ? { ...row.booking, memberName: `${row.firstname} ${row.lastname}`.trim() } : null;
}

/** Moves the coach's session to `start`; audited with the signed-in coach (null: the private link). */
export function moveFromAgenda(coach: Coach, id: string, start: Date, actorId: string | null, now = new Date()) {
  return moveSessionOfCoach(coach.id, id, start, {
    now,
    audit: auditSessionChange(actorId, "coach.session.moved", coach),
  });
}
