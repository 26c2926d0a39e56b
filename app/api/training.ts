import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { stepRefusals, trainingAnswerOf } from "~/.server/trainings/contract.server";

/** GET /api/trainings/{training_slug} — one training, its modules, parts read and questions. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  const answer = await trainingAnswerOf(member.id, params.training_slug ?? "", await localeOf(request));
  return answer ? apiAnswer(answer) : apiRefusal(request, stepRefusals.notFound);
}

export const action = methodNotAllowed;
