import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { sessionOf } from "~/.server/coaching/sessions/member-sessions.server";
import { bookingAnswer, bookingJson, bookingRefusals } from "~/.server/coaching/contract.server";
import { only } from "~/.server/contract/refusal-table.server";
import { localeOf } from "~/.server/i18n/i18n.server";

export const endpoint = getEndpoint("/api/bookings/:id", {
  summary: "One of the member's own sessions",
  refusals: only(bookingRefusals, "notFound"),
  ok: { status: 200, schema: bookingAnswer, description: "The session" },
  async handler({ request, params, signedIn: { member }, refuse }) {
    const session = await sessionOf(member.id, params.id ?? "");
    if (!session) return refuse("notFound");
    return apiAnswer({ booking: bookingJson(session, await localeOf(request)) });
  },
});
