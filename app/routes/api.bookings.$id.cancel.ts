import type { ActionFunctionArgs } from "@remix-run/node";
import { bookingAnswer, bookingRefusal } from "~/.server/api/coaching.server";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed } from "~/.server/api/respond.server";
import { cancelSession, sessionOf } from "~/.server/coaching/bookings.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** POST /api/bookings/{id}/cancel — cancels the member's session; the slot is free again, both are told. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const memberId = member.signedIn.member.id;
  const outcome = await cancelSession(memberId, params.id ?? "");
  if (!outcome.ok)
    return apiError(request, bookingRefusal[outcome.error], { base: [`coaching:errors.${outcome.error}`] });
  return apiAnswer({
    booking: bookingAnswer((await sessionOf(memberId, outcome.booking.id))!, await localeOf(request)),
  });
}

export const loader = methodNotAllowed;
