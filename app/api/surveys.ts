import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, parseJsonBody } from "~/.server/api/respond.server";
import { surveyBody, surveyRefusals } from "~/.server/surveys/contract.server";
import { createSurvey, listSurveys } from "~/.server/surveys/surveys.server";

/** GET /api/surveys — the member's surveys; results only once 3 have answered. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  return apiAnswer({ surveys: await listSurveys(member.id) });
}

/** POST /api/surveys — `{title, questions: [3 to 5], crew: [crew ids]}`: each gets a private link by email. */
export async function action({ request }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const { title, questions, crew } = await parseJsonBody(request, surveyBody);
  const result = await createSurvey(member, { title, questions, crewIds: crew });
  if (!result.ok) return apiRefusal(request, surveyRefusals[result.error]);
  const survey = (await listSurveys(member.id)).find((one) => one.id === result.id);
  return apiAnswer({ survey }, 201);
}
