import { memberAnswer, memberRefusals, stateBody } from "~/.server/admin/contract.server";
import { memberJson, setAccountState } from "~/.server/admin/members.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** Disable (no sign-in, every session ended; under Ory the identity turns inactive) or re-enable. */
export const endpoint = postEndpoint("/api/admin/members/:id/state", {
  guard: "admin",
  summary:
    "Disable (inactive: no sign-in, every session ended) or re-enable (active) an account; not one's own, nor the last active admin's",
  body: stateBody,
  refusals: only(memberRefusals, "noMember", "ownAccount", "lastAdmin"),
  ok: { status: 200, schema: memberAnswer, description: "The member, after the change" },
  async handler({ request, params, signedIn, body, refuse }) {
    const { state } = await body();
    const outcome = await setAccountState(signedIn.member.id, params.id ?? "", state);
    if (!outcome.ok) return refuse(outcome.error);
    const answer = await memberJson(params.id ?? "", await localeOf(request));
    return answer ? apiAnswer(answer) : refuse("noMember");
  },
});
