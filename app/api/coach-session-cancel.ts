import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer, apiNotFound } from "~/.server/api/respond.server";
import { coachOfMember } from "~/.server/coaching/coaches/coach-accounts.server";
import { cancelFromAgenda } from "~/.server/coaching/agenda/coach-agenda.server";
import { auditSessionChange } from "~/.server/coaching/agenda/coach-audit.server";
import { sessionOfCoach } from "~/.server/coaching/agenda/coach-moves.server";
import {
  coachCancelBody,
  coachCancelRefusals,
  coachSessionAnswer,
  coachSessionJson,
} from "~/.server/coaching/contract.server";
import { localeOf } from "~/.server/i18n/i18n.server";

export const endpoint = postEndpoint("/api/coach/sessions/:id/cancel", {
  guard: "coach",
  summary: "The coach cancels one of their sessions; the member is told by email, with the reason if one is given",
  body: coachCancelBody,
  refusals: coachCancelRefusals,
  ok: { status: 200, schema: coachSessionAnswer, description: "Cancelled" },
  async handler({ request, params, signedIn: { member }, body, refuse }) {
    const coach = await coachOfMember(member.id);
    if (!coach) return apiNotFound(request);
    const { reason } = await body();
    const outcome = await cancelFromAgenda(
      coach,
      params.id ?? "",
      reason,
      auditSessionChange(member.id, "coach.session.cancelled", coach),
    );
    if (!outcome.ok) return refuse(outcome.error === "notChangeable" ? "notChangeable" : "notFound");
    const session = await sessionOfCoach(coach, outcome.booking.id);
    return apiAnswer({ session: coachSessionJson({ ...session!, coach }, await localeOf(request)) });
  },
});
