import { recordChange } from "~/.server/audit/audit-log.server";
import type { SessionAudit } from "./bookings.server";

/**
 * A coach's changes to their sessions, in the audit log (issue 24 item 3), written in the change's
 * transaction: who (the coach's member account; null through the private link of a coach without
 * one), the member concerned, and the session's time and status before and after.
 */
export function auditSessionChange(
  actorId: string | null,
  action: "coach.session.moved" | "coach.session.cancelled",
): SessionAudit {
  return (tx, { before, after, member }) =>
    recordChange(tx, {
      actorId,
      subject: { id: member.id, name: `${member.firstname} ${member.lastname}`.trim() },
      action,
      before: { start: before.startsAt.toISOString(), status: before.status },
      after: { start: after.startsAt.toISOString(), status: after.status },
    });
}
