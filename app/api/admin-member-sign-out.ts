import { memberRefusals } from "~/.server/admin/contract.server";
import { signOutEverywhere } from "~/.server/admin/members.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { successAnswer } from "~/.server/contract/operation.server";

/** Kratos: DELETE /admin/identities/{id}/sessions. */
export const endpoint = postEndpoint("/api/admin/members/:id/sign-out", {
  guard: "admin",
  summary: "Sign the member out of every device",
  refusals: only(memberRefusals, "noMember"),
  ok: { status: 200, schema: successAnswer, description: "Every session of the member ended" },
  async handler({ params, signedIn, refuse }) {
    const outcome = await signOutEverywhere(signedIn.member.id, params.id ?? "");
    return outcome.ok ? apiAnswer({ success: true }) : refuse(outcome.error as "noMember");
  },
});
