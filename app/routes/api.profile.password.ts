import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { passwordBody } from "~/.server/api/schemas.server";
import { changePassword } from "~/.server/profile/account.server";

/** POST /api/profile/password — `{current_password, password}`; every other session ends. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const body = await parseJsonBody(request, passwordBody);
  if (!body.ok) return body.response;
  const result = await changePassword(member.signedIn, body.value.current_password, body.value.password);
  if (!result.ok) {
    const status = result.error === "tooManyAttempts" ? 429 : 422;
    const field = result.error === "passwordRejected" ? "password" : "current_password";
    return apiError(request, status, {
      base: ["errors.checkFields"],
      fields: { [field]: [`profile:errors.${result.error}`] },
    });
  }
  return apiAnswer({ success: true });
}

export const loader = methodNotAllowed;
