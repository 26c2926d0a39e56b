import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, parseJsonBody } from "~/.server/api/respond.server";
import { commitmentOf, moduleExists, updateCommitment } from "~/.server/space/commitments.server";
import { commitmentBody, commitmentJson, commitmentRefusals } from "~/.server/space/contract.server";

/** GET /api/commitments/{id} — one of the member's own; anyone else's id is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  const commitment = await commitmentOf(member.id, params.id ?? "");
  if (!commitment) return apiRefusal(request, commitmentRefusals.notFound);
  return apiAnswer({ commitment: commitmentJson(commitment) });
}

/** POST /api/commitments/{id} — `{title, due_date, module_id}`: the commitment as it now reads. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const id = params.id ?? "";
  if (!(await commitmentOf(member.id, id))) return apiRefusal(request, commitmentRefusals.notFound);
  const body = await parseJsonBody(request, commitmentBody, { ns: "space" });
  const input = { title: body.title, dueDate: body.due_date ?? null, moduleId: body.module_id ?? null };
  if (input.moduleId && !(await moduleExists(input.moduleId))) {
    return apiRefusal(request, commitmentRefusals.moduleInvalid);
  }
  if (!(await updateCommitment(member.id, id, input))) return apiRefusal(request, commitmentRefusals.notFound);
  const saved = await commitmentOf(member.id, id);
  if (!saved) return apiRefusal(request, commitmentRefusals.notFound);
  return apiAnswer({ commitment: commitmentJson(saved) });
}
