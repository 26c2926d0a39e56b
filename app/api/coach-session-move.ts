import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer, apiNotFound } from "~/.server/api/respond.server";
import { coachOfMember } from "~/.server/coaching/coaches/coach-accounts.server";
import { moveFromAgenda, sessionOfCoach } from "~/.server/coaching/agenda/coach-moves.server";
import {
  coachMoveBody,
  coachMoveRefusals,
  coachSessionAnswer,
  coachSessionJson,
} from "~/.server/coaching/contract.server";
import { localeOf } from "~/.server/i18n/i18n.server";

export const endpoint = postEndpoint("/api/coach/sessions/:id/move", {
  guard: "coach",
  summary:
    "The coach moves one of their sessions to another of their free times; the member gets the updated invitation and may refuse by cancelling",
  body: coachMoveBody,
  refusals: coachMoveRefusals,
  ok: { status: 200, schema: coachSessionAnswer, description: "Moved" },
  async handler({ request, params, signedIn: { member }, body, refuse }) {
    const coach = await coachOfMember(member.id);
    if (!coach) return apiNotFound(request);
    const { start } = await body();
    const outcome = await moveFromAgenda(coach, params.id ?? "", start, member.id);
    if (!outcome.ok)
      return refuse(
        outcome.error === "slotUnavailable"
          ? "slotUnavailable"
          : outcome.error === "notChangeable"
            ? "notChangeable"
            : "notFound",
      );
    const session = await sessionOfCoach(coach, outcome.booking.id);
    return apiAnswer({ session: coachSessionJson({ ...session!, coach }, await localeOf(request)) });
  },
});
