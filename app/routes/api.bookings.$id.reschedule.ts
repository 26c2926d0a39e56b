import type { ActionFunctionArgs } from "@remix-run/node";
import { bookingAnswer, bookingRefusal } from "~/.server/api/coaching.server";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { rescheduleBody } from "~/.server/api/schemas.server";
import { rescheduleSession, sessionOf } from "~/.server/coaching/bookings.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** POST /api/bookings/{id}/reschedule — `{start, time_zone}`: moves the session to another free slot of its coach. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const body = await parseJsonBody(request, rescheduleBody);
  if (!body.ok) return body.response;
  const memberId = member.signedIn.member.id;
  const outcome = await rescheduleSession(memberId, params.id ?? "", {
    start: body.value.start,
    timeZone: body.value.time_zone,
  });
  if (!outcome.ok)
    return apiError(request, bookingRefusal[outcome.error], { base: [`coaching:errors.${outcome.error}`] });
  return apiAnswer({
    booking: bookingAnswer((await sessionOf(memberId, outcome.booking.id))!, await localeOf(request)),
  });
}

export const loader = methodNotAllowed;
