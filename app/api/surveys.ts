import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { pageEnvelope, pageQueryParametersWith } from "~/.server/paging/paging.server";
import {
  SURVEYS_API_PAGE_SIZE,
  surveyAnswer,
  surveyBody,
  surveyRefusals,
  surveysAnswer,
} from "~/.server/surveys/contract.server";
import { createSurvey, listSurveys, surveysPage } from "~/.server/surveys/surveys.server";

export const endpoint = defineEndpoint("/api/surveys", {
  get: operation({
    summary:
      "The member's 360 surveys, a page at a time: how many answered, and the anonymous results once closed with 3 answers or more",
    page: SURVEYS_API_PAGE_SIZE,
    query: pageQueryParametersWith(SURVEYS_API_PAGE_SIZE),
    ok: { status: 200, schema: surveysAnswer, description: "A page of the surveys" },
    async handler({ signedIn: { member }, page }) {
      const { items, page: settled } = await surveysPage(member.id, page, { settle: false });
      return apiAnswer({ surveys: items, ...pageEnvelope(page, settled.total) });
    },
  }),
  post: operation({
    summary:
      "Create a 360 survey (3 to 5 questions) and email each chosen crew member a private link that answers once " +
      "(429 beyond 20 crew emails a member a day or 3 to an address a day)",
    body: surveyBody,
    refusals: only(surveyRefusals, "unknownCrew", "tooManyMails"),
    ok: { status: 201, schema: surveyAnswer, description: "Created and sent" },
    async handler({ signedIn: { member }, body, refuse }) {
      const { title, questions, crew } = await body();
      const result = await createSurvey(member, { title, questions, crewIds: crew });
      if (!result.ok) return refuse(result.error);
      return apiAnswer({ survey: (await listSurveys(member.id)).find((one) => one.id === result.id) }, 201);
    },
  }),
});
