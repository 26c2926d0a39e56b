import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed } from "~/.server/api/respond.server";
import { surveyRefusals } from "~/.server/surveys/contract.server";
import { closeSurvey, listSurveys } from "~/.server/surveys/surveys.server";

/** POST /api/surveys/{id}/close — no more answers; the results (from 3 answers) show, final. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  if (!(await closeSurvey(member.id, params.id ?? ""))) return apiRefusal(request, surveyRefusals.notFound);
  const survey = (await listSurveys(member.id)).find((one) => one.id === params.id);
  return apiAnswer({ survey });
}

export const loader = methodNotAllowed;
