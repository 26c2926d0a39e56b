import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { trainingsAnswer, trainingsAnswerOf } from "~/.server/trainings/contract.server";

export const endpoint = getEndpoint("/api/trainings", {
  summary: "The trainings and tests with the member's progress and state (locked, not_started, in_progress, completed)",
  ok: { status: 200, schema: trainingsAnswer, description: "The catalogue" },
  handler: async ({ request, signedIn: { member } }) =>
    apiAnswer(await trainingsAnswerOf(member.id, await localeOf(request))),
});
