import { memberAnswer, memberRefusals, roleBody } from "~/.server/admin/contract.server";
import { memberJson } from "~/.server/admin/members.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { grantRole, withdrawRole } from "~/.server/coaching/coaches/role-changes.server";

/** The roles card of a member's page: the same service, audited alike; the last admin keeps theirs. */
export const endpoint = postEndpoint("/api/admin/members/:id/roles", {
  guard: "admin",
  summary:
    "Grant or withdraw a role (coach, admin, author); the last admin cannot lose theirs, nor a coach with sessions to come the coach role (retire them)",
  body: roleBody,
  refusals: only(memberRefusals, "noMember", "lastAdmin", "coachHasSessions"),
  ok: { status: 200, schema: memberAnswer, description: "The member, after the change" },
  async handler({ request, params, signedIn, body, refuse }) {
    const { role, change } = await body();
    const memberId = params.id ?? "";
    const actor = { memberId: signedIn.member.id };
    const outcome =
      change === "grant" ? await grantRole(actor, memberId, role) : await withdrawRole(actor, memberId, role);
    if (!outcome.ok) return refuse(outcome.error);
    const answer = await memberJson(memberId, await localeOf(request));
    return answer ? apiAnswer(answer) : refuse("noMember");
  },
});
