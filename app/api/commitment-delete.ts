import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed } from "~/.server/api/respond.server";
import { deleteCommitment } from "~/.server/space/commitments.server";
import { commitmentRefusals } from "~/.server/space/contract.server";

/** POST /api/commitments/{id}/delete — deletes one of the member's own; anyone else's id is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  if (!(await deleteCommitment(member.id, params.id ?? ""))) return apiRefusal(request, commitmentRefusals.notFound);
  return apiAnswer({ success: true });
}

export const loader = methodNotAllowed;
