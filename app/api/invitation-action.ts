import type { SignedIn } from "~/.server/accounts/members.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { successAnswer } from "~/.server/contract/operation.server";
import { only, type RefusalTable } from "~/.server/contract/refusal-table.server";
import { invitationRefusals } from "~/.server/team/contract.server";
import { invitationActions } from "~/.server/team/invitation-actions.server";

type Act<Code extends string> = (signedIn: SignedIn, id: string) => Promise<{ ok: true } | { ok: false; error: Code }>;

/** POST /api/invitations/{id}/<intent>: an invitation's intent, with the refusals of its own. */
function invitationEndpoint<Code extends string>(
  intent: string,
  summary: string,
  refusals: RefusalTable<Code>,
  act: Act<Code>,
) {
  return postEndpoint(`/api/invitations/:id/${intent}`, {
    summary,
    refusals,
    ok: { status: 200, schema: successAnswer, description: "Done" },
    async handler({ params, signedIn, refuse }) {
      const outcome = await act(signedIn, params.id ?? "");
      return outcome.ok ? apiAnswer({ success: true }) : refuse(outcome.error);
    },
  });
}

const settled = only(invitationRefusals, "notFound", "notPending");

export const endpoints = [
  invitationEndpoint(
    "resend",
    "Email a pending invitation the member sent again (at most once a day, and within the crew email quotas)",
    invitationRefusals,
    invitationActions.resend,
  ),
  invitationEndpoint(
    "revoke",
    "Withdraw a pending invitation the member sent: its link stops working",
    settled,
    invitationActions.revoke,
  ),
  invitationEndpoint(
    "accept",
    "Accept a pending invitation sent to the member's address: they join the inviter's crew",
    settled,
    invitationActions.accept,
  ),
  invitationEndpoint(
    "decline",
    "Decline a pending invitation sent to the member's address",
    settled,
    invitationActions.decline,
  ),
];
