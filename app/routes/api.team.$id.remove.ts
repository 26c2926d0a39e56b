import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed } from "~/.server/api/respond.server";
import { removeCrewMember } from "~/.server/team/crew.server";

/** POST /api/team/{id}/remove — out of the crew; a pending invitation of theirs is revoked. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  if (!(await removeCrewMember(member.signedIn.member.id, params.id ?? "")))
    return apiError(request, 404, { base: ["team:errors.notFound"] });
  return apiAnswer({ success: true });
}

export const loader = methodNotAllowed;
