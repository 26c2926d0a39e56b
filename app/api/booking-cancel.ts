import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { cancelSession } from "~/.server/coaching/booking/cancellations.server";
import { sessionOf } from "~/.server/coaching/sessions/member-sessions.server";
import { bookingAnswer, bookingJson, bookingRefusals } from "~/.server/coaching/contract.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { refusalValues } from "~/.server/coaching/booking/notice-refusal.server";

export const endpoint = postEndpoint("/api/bookings/:id/cancel", {
  summary: "Cancel the session: the slot is free again and both are told",
  refusals: bookingRefusals,
  ok: { status: 200, schema: bookingAnswer, description: "Cancelled" },
  async handler({ request, params, signedIn: { member }, refuse }) {
    const outcome = await cancelSession(member.id, params.id ?? "");
    if (!outcome.ok) return refuse(outcome.error, await refusalValues(member.id, outcome));
    const session = await sessionOf(member.id, outcome.booking.id);
    return apiAnswer({ booking: bookingJson(session!, await localeOf(request)) });
  },
});
