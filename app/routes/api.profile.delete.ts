import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { deletionBody } from "~/.server/api/schemas.server";
import { deleteAccount } from "~/.server/profile/account.server";

/** POST /api/profile/delete — `{email, current_password}`: the account and its data are erased. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const body = await parseJsonBody(request, deletionBody);
  if (!body.ok) return body.response;
  const result = await deleteAccount(member.signedIn, body.value.email, body.value.current_password);
  if (!result.ok) {
    const field = result.error === "confirmEmailWrong" ? "email" : "current_password";
    const key = `profile:errors.${result.error}`;
    return apiError(request, result.error === "tooManyAttempts" ? 429 : 422, {
      base: [key],
      fields: { [field]: [key] },
    });
  }
  return apiAnswer({ success: true });
}

export const loader = methodNotAllowed;
