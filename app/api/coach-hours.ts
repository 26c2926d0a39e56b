import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { changeHours, hoursOf, sessionsOutsideHours } from "~/.server/coaching/coaches/coach-hours.server";
import {
  hoursAnswer,
  hoursBody,
  hoursJson,
  hoursOfBody,
  hoursRefusals,
} from "~/.server/coaching/coaches/hours-contract.server";
import { coachOfMember } from "~/.server/coaching/coaches/coach-accounts.server";

/** The signed-in coach's own weekly hours: no id, a coach reaches only theirs. */
export const endpoint = defineEndpoint("/api/coach/hours", {
  get: operation({
    guard: "coach",
    summary: "The coach's weekly hours, and their upcoming sessions outside them",
    refusals: hoursRefusals,
    ok: { status: 200, schema: hoursAnswer, description: "The hours" },
    async handler({ signedIn, refuse }) {
      const coach = await coachOfMember(signedIn.member.id);
      if (!coach) return refuse("noCoach");
      return apiAnswer(hoursJson(hoursOf(coach), await sessionsOutsideHours(coach)));
    },
  }),
  post: operation({
    guard: "coach",
    summary:
      "Replace the coach's weekly hours (taking effect at once); booked sessions outside them stay and are listed",
    body: hoursBody,
    refusals: hoursRefusals,
    ok: { status: 200, schema: hoursAnswer, description: "The hours as saved" },
    async handler({ signedIn, body, refuse }) {
      const coach = await coachOfMember(signedIn.member.id);
      if (!coach) return refuse("noCoach");
      const outcome = await changeHours(signedIn.member.id, coach.id, hoursOfBody(await body(), hoursOf(coach)));
      if (!outcome.ok) return refuse(outcome.error);
      return apiAnswer(hoursJson(hoursOf(outcome.coach), await sessionsOutsideHours(outcome.coach)));
    },
  }),
});
