import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { emailChangeBody, emailChangeRefusals } from "~/.server/profile/contract.server";
import { requestEmailChange } from "~/.server/profile/email-change.server";
import { profileOf } from "~/.server/profile/profile.server";

/** POST /api/profile/email — `{email, current_password}`: a code goes to the new address; the old one stays until it is confirmed. */
export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await apiMember(request);
  const body = await parseJsonBody(request, emailChangeBody);
  const result = await requestEmailChange(signedIn, body.email, body.current_password);
  if (!result.ok) return apiRefusal(request, emailChangeRefusals[result.error]);
  return apiAnswer({ profile: await profileOf(signedIn) }, 202);
}

export const loader = methodNotAllowed;
