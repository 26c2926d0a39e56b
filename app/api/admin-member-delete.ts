import { memberRefusals } from "~/.server/admin/contract.server";
import { deleteMemberAccount } from "~/.server/admin/member-account.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { successAnswer } from "~/.server/contract/operation.server";

/** The deletion of /admin/members/<id>/delete: the rules of the member's own, audited. */
export const endpoint = postEndpoint("/api/admin/members/:id/delete", {
  guard: "admin",
  summary:
    "Delete the member's account as self-service deletion does (upcoming sessions cancelled, coaches told); not one's own, nor the last admin",
  refusals: only(memberRefusals, "noMember", "ownDeletion", "lastAdmin"),
  ok: { status: 200, schema: successAnswer, description: "The account is deleted" },
  async handler({ params, signedIn, refuse }) {
    const outcome = await deleteMemberAccount(signedIn.member.id, params.id ?? "");
    return outcome.ok ? apiAnswer({ success: true }) : refuse(outcome.error);
  },
});
