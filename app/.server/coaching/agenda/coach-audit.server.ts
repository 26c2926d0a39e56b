import { recordChange } from "~/.server/audit/audit-log.server";
import type { Coach } from "../booking-records.server";
import type { SessionAudit } from "../booking/changeable-session.server";
import type { TimeOffAudit } from "./coach-time-off.server";

/**
 * A coach's changes to their sessions, in the audit log, written in the change's
 * transaction: who (the coach's member account; null through the private link of a coach without
 * one), the member concerned, and the session's time and status before and after.
 */
export function auditSessionChange(
  actorId: string | null,
  action: "coach.session.moved" | "coach.session.cancelled",
  coach: Pick<Coach, "name">,
): SessionAudit {
  // Through the private link there is no actor: the record names the coach and the door.
  const by = actorId ? {} : { coach: coach.name, through: "private link" };
  return (tx, { before, after, member }) =>
    recordChange(tx, {
      actorId,
      subject: { id: member.id, name: `${member.firstname} ${member.lastname}`.trim() },
      action,
      before: { start: before.startsAt.toISOString(), status: before.status },
      after: { start: after.startsAt.toISOString(), status: after.status, ...by },
    });
}

/** A signed-in coach's time off added or removed, under their own name (through the private link: not logged, no account). */
export function auditTimeOff(
  actorId: string | null,
  coach: Coach,
  action: "coach.timeOff.added" | "coach.timeOff.removed",
) {
  if (!actorId) return undefined;
  const audit: TimeOffAudit = (tx, { before, after }) =>
    recordChange(tx, { actorId, subject: { id: actorId, name: coach.name }, action, before, after });
  return audit;
}
