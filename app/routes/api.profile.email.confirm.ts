import type { ActionFunctionArgs } from "@remix-run/node";
import { whoami } from "~/.server/accounts/members.server";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { emailCodeBody } from "~/.server/api/schemas.server";
import { confirmEmailChange } from "~/.server/profile/email-change.server";
import { profileOf } from "~/.server/profile/profile.server";
import { codeRefusalStatus } from "~/.server/http/form-reply.server";

/** POST /api/profile/email/confirm — `{code}` from the new address's email: the new address replaces the old. */
export async function action({ request, context }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const body = await parseJsonBody(request, emailCodeBody);
  if (!body.ok) return body.response;
  const result = await confirmEmailChange(member.signedIn, body.value.code, context.clientIp ?? "unknown");
  if (!result.ok) {
    const status = result.error === "emailTaken" ? 409 : codeRefusalStatus(result.error);
    return apiError(request, status, {
      base: [`errors.${result.error}`],
      fields: { code: [`errors.${result.error}`] },
    });
  }
  // The session now belongs to an identity with the new address: read it again.
  const fresh = await whoami(member.signedIn.token);
  return apiAnswer({ profile: await profileOf(fresh!) });
}

export const loader = methodNotAllowed;
