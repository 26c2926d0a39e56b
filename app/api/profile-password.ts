import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { changePassword } from "~/.server/profile/account.server";
import { passwordBody, passwordChangeRefusals } from "~/.server/profile/contract.server";

/** POST /api/profile/password — `{current_password, password}`; every other session ends. */
export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await apiMember(request);
  const body = await parseJsonBody(request, passwordBody);
  const result = await changePassword(signedIn, body.current_password, body.password);
  if (!result.ok) return apiRefusal(request, passwordChangeRefusals[result.error]);
  return apiAnswer({ success: true });
}

export const loader = methodNotAllowed;
