import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed } from "~/.server/api/respond.server";
import { stepRefusals } from "~/.server/trainings/contract.server";
import { markPartRead } from "~/.server/trainings/progress.server";

/** POST /api/trainings/{training}/modules/{module}/parts/{part}/read — "I've read". */
export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const outcome = await markPartRead(
    member.id,
    params.training_slug ?? "",
    params.module_slug ?? "",
    params.part_slug ?? "",
  );
  if (!outcome.ok) return apiRefusal(request, stepRefusals[outcome.error]);
  return apiAnswer({ moduleCompleted: outcome.moduleCompleted, trainingCompleted: outcome.trainingCompleted });
}

export const loader = methodNotAllowed;
