import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed } from "~/.server/api/respond.server";
import { invitationRefusals } from "~/.server/team/contract.server";
import { invitationAction, isInvitationIntent } from "~/.server/team/invitation-actions.server";

/** POST /api/invitations/{id}/(resend|revoke|accept|decline). */
export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await apiMember(request);
  const intent = params.action;
  if (!isInvitationIntent(intent)) return apiRefusal(request, invitationRefusals.notFound);
  const outcome = await invitationAction(signedIn, intent, params.id ?? "");
  if (!outcome.ok) return apiRefusal(request, invitationRefusals[outcome.error]);
  return apiAnswer({ success: true });
}

export const loader = methodNotAllowed;
