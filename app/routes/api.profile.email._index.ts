import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { emailChangeBody } from "~/.server/api/schemas.server";
import { emailRefusalStatus, requestEmailChange } from "~/.server/profile/email-change.server";
import { profileOf } from "~/.server/profile/profile.server";

/** POST /api/profile/email — `{email, current_password}`: a code goes to the new address; the old one stays until it is confirmed. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const body = await parseJsonBody(request, emailChangeBody);
  if (!body.ok) return body.response;
  const result = await requestEmailChange(member.signedIn, body.value.email, body.value.current_password);
  if (!result.ok) {
    const key = result.error === "emailTaken" ? "errors.emailTaken" : `profile:errors.${result.error}`;
    const field = result.error === "currentPasswordWrong" ? "current_password" : "email";
    return apiError(request, emailRefusalStatus(result.error), { base: [key], fields: { [field]: [key] } });
  }
  return apiAnswer({ profile: await profileOf(member.signedIn) }, 202);
}

export const loader = methodNotAllowed;
