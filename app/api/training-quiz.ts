import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, apiRefusal, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { quizBody, quizRefusal, stepRefusals } from "~/.server/trainings/contract.server";
import { submitQuiz } from "~/.server/trainings/progress.server";

/**
 * POST /api/trainings/{training}/modules/{module}/quiz — `{answers: {questionId: [answerId]}}`.
 * A selection outside a question's limits answers 422 with that question's message under its id.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const { answers } = await parseJsonBody(request, quizBody);
  const outcome = await submitQuiz(member.id, params.training_slug ?? "", params.module_slug ?? "", answers);
  if (!outcome.ok && outcome.error === "refused") return apiError(request, 422, quizRefusal(outcome.errors));
  if (!outcome.ok) return apiRefusal(request, stepRefusals[outcome.error]);
  return apiAnswer({ moduleCompleted: outcome.moduleCompleted, trainingCompleted: outcome.trainingCompleted });
}

export const loader = methodNotAllowed;
