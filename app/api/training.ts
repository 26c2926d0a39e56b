import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { stepRefusals, trainingAnswer, trainingAnswerOf } from "~/.server/trainings/contract.server";

export const endpoint = getEndpoint("/api/trainings/:training_slug", {
  summary: "One training: its modules, the parts read, and the quiz questions with their limits",
  refusals: only(stepRefusals, "notFound"),
  ok: { status: 200, schema: trainingAnswer, description: "The training" },
  async handler({ request, params, signedIn: { member }, refuse }) {
    const answer = await trainingAnswerOf(member.id, params.training_slug ?? "", await localeOf(request));
    return answer ? apiAnswer(answer) : refuse("notFound");
  },
});
