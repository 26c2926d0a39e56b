import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, parseJsonBody } from "~/.server/api/respond.server";
import { surveyBody } from "~/.server/api/schemas.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { createSurvey, listSurveys } from "~/.server/surveys/surveys.server";

/** GET /api/surveys — the member's surveys; results only once 3 have answered. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  return apiAnswer({ surveys: await listSurveys(member.signedIn.member.id) });
}

/** POST /api/surveys — `{title, questions: [3 to 5], crew: [crew ids]}`: each gets a private link by email. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const body = await parseJsonBody(request, surveyBody);
  if (!body.ok) return body.response;
  const self = member.signedIn.member;
  const { title, questions, crew } = body.value;
  const result = await createSurvey({ ...self, lang: await localeOf(request) }, { title, questions, crewIds: crew });
  if (!result.ok)
    return apiError(request, result.error === "tooManyMails" ? 429 : 422, {
      base: ["errors.checkFields"],
      fields: { crew: [`team:errors.${result.error}`] },
    });
  const survey = (await listSurveys(self.id)).find((one) => one.id === result.id);
  return apiAnswer({ survey }, 201);
}
