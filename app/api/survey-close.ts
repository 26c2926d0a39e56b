import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { surveyAnswer, surveyRefusals } from "~/.server/surveys/contract.server";
import { closeSurvey } from "~/.server/notifications/survey-results.server";
import { listSurveys } from "~/.server/surveys/surveys.server";

export const endpoint = postEndpoint("/api/surveys/:id/close", {
  summary:
    "Close one of the member's surveys: it takes no more answers, and its results (3 answers or more) show, final",
  refusals: only(surveyRefusals, "notFound"),
  ok: { status: 200, schema: surveyAnswer, description: "The closed survey" },
  async handler({ params, signedIn: { member }, refuse }) {
    if (!(await closeSurvey(member.id, params.id ?? ""))) return refuse("notFound");
    return apiAnswer({ survey: (await listSurveys(member.id)).find((one) => one.id === params.id) });
  },
});
