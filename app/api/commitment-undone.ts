import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed } from "~/.server/api/respond.server";
import { commitmentOf, setCommitmentDone } from "~/.server/space/commitments.server";
import { commitmentJson, commitmentRefusals } from "~/.server/space/contract.server";

/** POST /api/commitments/{id}/undone — Open one of the member's done commitments again; anyone else's id is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const id = params.id ?? "";
  if (!(await setCommitmentDone(member.id, id, false))) {
    return apiRefusal(request, commitmentRefusals.notFound);
  }
  const saved = await commitmentOf(member.id, id);
  if (!saved) return apiRefusal(request, commitmentRefusals.notFound);
  return apiAnswer({ commitment: commitmentJson(saved) });
}

export const loader = methodNotAllowed;
