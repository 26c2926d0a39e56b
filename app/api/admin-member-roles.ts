import { roleBody } from "~/.server/admin/contract.server";
import { grantRole, withdrawRole } from "~/.server/coaching/coaches/role-changes.server";
import { memberChange } from "~/.server/api/admin-member-change.server";

/** The roles card of a member's page: the same service, audited alike; the last admin keeps theirs. */
export const endpoint = memberChange("roles", ["lastAdmin", "coachHasSessions"], {
  summary:
    "Grant or withdraw a role (coach, admin, author); the last admin cannot lose theirs, nor a coach with sessions to come the coach role (retire them)",
  body: roleBody,
  async change({ actorId, memberId, body }) {
    const { role, change } = await body();
    return change === "grant"
      ? grantRole({ memberId: actorId }, memberId, role)
      : withdrawRole({ memberId: actorId }, memberId, role);
  },
});
