import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { successAnswer } from "~/.server/contract/operation.server";
import { only } from "~/.server/contract/refusal-table.server";
import { crewRefusals } from "~/.server/team/contract.server";
import { removeCrewMember } from "~/.server/team/crew.server";

export const endpoint = postEndpoint("/api/team/:id/remove", {
  summary: "Remove a crew member; their pending invitation is revoked",
  refusals: only(crewRefusals, "notFound"),
  ok: { status: 200, schema: successAnswer, description: "Removed" },
  async handler({ params, signedIn: { member }, refuse }) {
    if (!(await removeCrewMember(member.id, params.id ?? ""))) return refuse("notFound");
    return apiAnswer({ success: true });
  },
});
