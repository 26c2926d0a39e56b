import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { successAnswer } from "~/.server/contract/operation.server";
import { only } from "~/.server/contract/refusal-table.server";
import { deleteCommitment } from "~/.server/space/commitments.server";
import { commitmentRefusals } from "~/.server/space/contract.server";

export const endpoint = postEndpoint("/api/commitments/:id/delete", {
  summary: "Delete a commitment",
  refusals: only(commitmentRefusals, "notFound"),
  ok: { status: 200, schema: successAnswer, description: "Deleted" },
  async handler({ params, signedIn: { member }, refuse }) {
    if (!(await deleteCommitment(member.id, params.id ?? ""))) return refuse("notFound");
    return apiAnswer({ success: true });
  },
});
