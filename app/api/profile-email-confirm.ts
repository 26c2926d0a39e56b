import type { ActionFunctionArgs } from "@remix-run/node";
import { whoami } from "~/.server/accounts/members.server";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { emailCodeBody, emailConfirmRefusals } from "~/.server/profile/contract.server";
import { confirmEmailChange } from "~/.server/profile/email-change.server";
import { profileOf } from "~/.server/profile/profile.server";

/** POST /api/profile/email/confirm — `{code}` from the new address's email: the new address replaces the old. */
export async function action({ request, context }: ActionFunctionArgs) {
  const signedIn = await apiMember(request);
  const body = await parseJsonBody(request, emailCodeBody);
  const result = await confirmEmailChange(signedIn, body.code, context.clientIp ?? "unknown");
  if (!result.ok) return apiRefusal(request, emailConfirmRefusals[result.error]);
  // The session now belongs to an identity with the new address: read it again.
  const fresh = await whoami(signedIn.token);
  return apiAnswer({ profile: await profileOf(fresh!) });
}

export const loader = methodNotAllowed;
