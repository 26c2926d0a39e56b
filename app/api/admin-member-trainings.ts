import { memberAnswer, memberRefusals, trainingBody } from "~/.server/admin/contract.server";
import { memberJson } from "~/.server/admin/members.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { grantTraining, withdrawTraining } from "~/.server/trainings/training-grants.server";

/** The trainings card of a member's page: a payable training opened or withdrawn (progress kept). */
export const endpoint = postEndpoint("/api/admin/members/:id/trainings", {
  guard: "admin",
  summary: "Open (grant) or withdraw a payable training; the member's progress is kept",
  body: trainingBody,
  refusals: only(memberRefusals, "noMember", "noTraining"),
  ok: { status: 200, schema: memberAnswer, description: "The member, after the change" },
  async handler({ request, params, signedIn, body, refuse }) {
    const { training, change } = await body();
    const memberId = params.id ?? "";
    const actor = { memberId: signedIn.member.id };
    const outcome =
      change === "grant"
        ? await grantTraining(actor, memberId, training)
        : await withdrawTraining(actor, memberId, training);
    if (!outcome.ok) return refuse(outcome.error);
    const answer = await memberJson(memberId, await localeOf(request));
    return answer ? apiAnswer(answer) : refuse("noMember");
  },
});
