import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { quizBody } from "~/.server/api/schemas.server";
import { submitQuiz } from "~/.server/trainings/progress.server";

/**
 * POST /api/trainings/{training}/modules/{module}/quiz — `{answers: {questionId: [answerId]}}`.
 * A selection outside a question's limits answers 422 with that question's message under its id.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const body = await parseJsonBody(request, quizBody);
  if (!body.ok) return body.response;
  const outcome = await submitQuiz(
    member.signedIn.member.id,
    params.training_slug ?? "",
    params.module_slug ?? "",
    body.value.answers,
  );
  if (!outcome.ok && outcome.error === "refused") {
    const fields = Object.fromEntries(
      Object.entries(outcome.errors).map(([question, error]) => [
        question,
        [{ key: `trainings:${error.key}`, count: "count" in error ? error.count : undefined }],
      ]),
    );
    return apiError(request, 422, { base: ["errors.quizRefused"], fields });
  }
  if (!outcome.ok)
    return apiError(request, outcome.error === "locked" ? 403 : 404, { base: [`errors.${outcome.error}`] });
  return apiAnswer({ moduleCompleted: outcome.moduleCompleted, trainingCompleted: outcome.trainingCompleted });
}

export const loader = methodNotAllowed;
