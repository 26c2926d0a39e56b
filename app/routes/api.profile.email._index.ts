import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { emailChangeBody } from "~/.server/api/schemas.server";
import { requestEmailChange } from "~/.server/profile/email-change.server";
import { profileOf } from "~/.server/profile/profile.server";

/** POST /api/profile/email — `{email}`: a code goes to the new address; the old one stays until it is confirmed. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const body = await parseJsonBody(request, emailChangeBody);
  if (!body.ok) return body.response;
  const result = await requestEmailChange(member.signedIn, body.value.email);
  if (!result.ok) {
    const key = result.error === "emailTaken" ? "errors.emailTaken" : `profile:errors.${result.error}`;
    return apiError(request, result.error === "tooManyEmailChanges" ? 429 : 409, { base: [key], fields: { email: [key] } });
  }
  return apiAnswer({ profile: await profileOf(member.signedIn) }, 202);
}

export const loader = methodNotAllowed;
