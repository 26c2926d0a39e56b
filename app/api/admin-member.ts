import { memberAnswer, memberRefusals } from "~/.server/admin/contract.server";
import { memberJson } from "~/.server/admin/members.server";
import { recordReading } from "~/.server/audit/audit-log.server";
import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** A member's page of /admin/members/<id>, as data. */
export const endpoint = getEndpoint("/api/admin/members/:id", {
  guard: "admin",
  summary: "A member as the operator sees them: account, roles, devices, trainings with progress, coaching sessions",
  refusals: only(memberRefusals, "noMember"),
  ok: { status: 200, schema: memberAnswer, description: "The member" },
  async handler({ request, params, signedIn, refuse }) {
    const answer = await memberJson(params.id ?? "", await localeOf(request));
    if (!answer) return refuse("noMember");
    await recordReading(signedIn.member.id, { id: answer.member.id, name: answer.member.name });
    return apiAnswer(answer);
  },
});
