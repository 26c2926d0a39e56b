import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { invitationAction, isInvitationIntent } from "~/.server/team/invitation-actions.server";

const failures = { notFound: 404, notPending: 409, tooSoon: 429, tooManyMails: 429 } as const;

/** POST /api/invitations/{id}/(resend|revoke|accept|decline). */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const intent = params.action;
  if (!isInvitationIntent(intent)) return apiError(request, 404, { base: ["team:errors.notFound"] });
  const outcome = await invitationAction(member.signedIn, await localeOf(request), intent, params.id ?? "");
  if (!outcome.ok) return apiError(request, failures[outcome.error], { base: [`team:errors.${outcome.error}`] });
  return apiAnswer({ success: true });
}

export const loader = methodNotAllowed;
