import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiPage } from "~/.server/api/paging.server";
import { apiAnswer, apiRefusal, parseJsonBody } from "~/.server/api/respond.server";
import { pageEnvelope } from "~/.server/paging/paging.server";
import { SURVEYS_API_PAGE_SIZE, surveyBody, surveyRefusals } from "~/.server/surveys/contract.server";
import { createSurvey, listSurveys, surveysPage } from "~/.server/surveys/surveys.server";

/** GET /api/surveys?page=&limit= — the member's surveys, newest first; results only once 3 have answered. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  const requested = await apiPage(request, SURVEYS_API_PAGE_SIZE);
  const { items, page } = await surveysPage(member.id, requested, { settle: false });
  return apiAnswer({ surveys: items, ...pageEnvelope(requested, page.total) });
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
