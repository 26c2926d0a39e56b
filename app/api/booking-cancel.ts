import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed } from "~/.server/api/respond.server";
import { cancelSession, sessionOf } from "~/.server/coaching/bookings.server";
import { bookingJson, bookingRefusals } from "~/.server/coaching/contract.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** POST /api/bookings/{id}/cancel — cancels the member's session; the slot is free again, both are told. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const outcome = await cancelSession(member.id, params.id ?? "");
  if (!outcome.ok) return apiRefusal(request, bookingRefusals[outcome.error]);
  return apiAnswer({
    booking: bookingJson((await sessionOf(member.id, outcome.booking.id))!, await localeOf(request)),
  });
}

export const loader = methodNotAllowed;
