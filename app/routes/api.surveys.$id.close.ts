import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed } from "~/.server/api/respond.server";
import { closeSurvey, listSurveys } from "~/.server/surveys/surveys.server";

/** POST /api/surveys/{id}/close — no more answers; the results (from 3 answers) show, final. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const memberId = member.signedIn.member.id;
  if (!(await closeSurvey(memberId, params.id ?? "")))
    return apiError(request, 404, { base: ["team:errors.notFound"] });
  const survey = (await listSurveys(memberId)).find((one) => one.id === params.id);
  return apiAnswer({ survey });
}

export const loader = methodNotAllowed;
