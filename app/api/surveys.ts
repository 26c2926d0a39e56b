import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { surveyAnswer, surveyBody, surveyRefusals, surveysAnswer } from "~/.server/surveys/contract.server";
import { createSurvey, listSurveys } from "~/.server/surveys/surveys.server";

export const endpoint = defineEndpoint("/api/surveys", {
  get: operation({
    summary:
      "The member's 360 surveys: how many answered, and the anonymous results once closed with 3 answers or more",
    ok: { status: 200, schema: surveysAnswer, description: "The surveys" },
    handler: async ({ signedIn: { member } }) => apiAnswer({ surveys: await listSurveys(member.id) }),
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
