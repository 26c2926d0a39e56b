import type { LoaderFunctionArgs } from "@remix-run/node";
import { trainingAnswerOf } from "~/.server/api/trainings.server";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** GET /api/trainings/{training_slug} — one training, its modules, parts read and questions. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const answer = await trainingAnswerOf(member.signedIn.member.id, params.training_slug ?? "", await localeOf(request));
  return answer ? apiAnswer(answer) : apiError(request, 404, { base: ["errors.notFound"] });
}

export const action = methodNotAllowed;
