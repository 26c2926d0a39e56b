import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { rescheduleSession } from "~/.server/coaching/booking/moves.server";
import { sessionOf } from "~/.server/coaching/sessions/member-sessions.server";
import { bookingAnswer, bookingJson, bookingRefusals, rescheduleBody } from "~/.server/coaching/contract.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { refusalValues } from "~/.server/coaching/booking/notice-refusal.server";

export const endpoint = postEndpoint("/api/bookings/:id/reschedule", {
  summary: "Move the session to another free slot of its coach; both get the updated invitation",
  body: rescheduleBody,
  refusals: bookingRefusals,
  ok: { status: 200, schema: bookingAnswer, description: "Moved" },
  async handler({ request, params, signedIn: { member }, body, refuse }) {
    const { start, time_zone } = await body();
    const outcome = await rescheduleSession(member.id, params.id ?? "", { start, timeZone: time_zone });
    if (!outcome.ok) return refuse(outcome.error, await refusalValues(member.id, outcome));
    const session = await sessionOf(member.id, outcome.booking.id);
    return apiAnswer({ booking: bookingJson(session!, await localeOf(request)) });
  },
});
