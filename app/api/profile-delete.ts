import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { deleteAccount } from "~/.server/profile/account.server";
import { deletionBody, deletionRefusals } from "~/.server/profile/contract.server";

/** POST /api/profile/delete — `{email, current_password}`: the account and its data are erased. */
export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await apiMember(request);
  const body = await parseJsonBody(request, deletionBody);
  const result = await deleteAccount(signedIn, body.email, body.current_password);
  if (!result.ok) return apiRefusal(request, deletionRefusals[result.error]);
  return apiAnswer({ success: true });
}

export const loader = methodNotAllowed;
