import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { rescheduleSession, sessionOf } from "~/.server/coaching/bookings.server";
import { bookingJson, bookingRefusals, rescheduleBody } from "~/.server/coaching/contract.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** POST /api/bookings/{id}/reschedule — `{start, time_zone}`: moves the session to another free slot of its coach. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const body = await parseJsonBody(request, rescheduleBody);
  const outcome = await rescheduleSession(member.id, params.id ?? "", { start: body.start, timeZone: body.time_zone });
  if (!outcome.ok) return apiRefusal(request, bookingRefusals[outcome.error]);
  return apiAnswer({
    booking: bookingJson((await sessionOf(member.id, outcome.booking.id))!, await localeOf(request)),
  });
}

export const loader = methodNotAllowed;
