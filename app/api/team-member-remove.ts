import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed } from "~/.server/api/respond.server";
import { crewRefusals } from "~/.server/team/contract.server";
import { removeCrewMember } from "~/.server/team/crew.server";

/** POST /api/team/{id}/remove — out of the crew; a pending invitation of theirs is revoked. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  if (!(await removeCrewMember(member.id, params.id ?? ""))) return apiRefusal(request, crewRefusals.notFound);
  return apiAnswer({ success: true });
}

export const loader = methodNotAllowed;
