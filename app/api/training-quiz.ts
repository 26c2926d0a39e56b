import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer, apiError } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { quizAnswer, quizBody, quizRefusal, stepRefusals } from "~/.server/trainings/contract.server";
import { submitQuiz } from "~/.server/trainings/progress.server";
import { quizReview } from "~/.server/trainings/views.server";

export const endpoint = postEndpoint("/api/trainings/:training_slug/modules/:module_slug/quiz", {
  summary: "Submit a quiz; a selection outside a question's limits answers 422 with messages under the question's id",
  body: quizBody,
  refusals: stepRefusals,
  ok: { status: 200, schema: quizAnswer, description: "Stored and scored, with the attempt's review" },
  async handler({ request, params, signedIn: { member }, body, refuse }) {
    const { answers } = await body();
    const outcome = await submitQuiz(member.id, params.training_slug ?? "", params.module_slug ?? "", answers);
    // A broken selection rule is the body's 422, told question by question.
    if (!outcome.ok && outcome.error === "refused") return apiError(request, 422, quizRefusal(outcome.errors));
    if (!outcome.ok) return refuse(outcome.error);
    return apiAnswer({
      moduleCompleted: outcome.moduleCompleted,
      trainingCompleted: outcome.trainingCompleted,
      review: quizReview(outcome.quiz, outcome.answers, await localeOf(request)),
    });
  },
});
