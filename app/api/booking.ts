import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed } from "~/.server/api/respond.server";
import { sessionOf } from "~/.server/coaching/bookings.server";
import { bookingJson, bookingRefusals } from "~/.server/coaching/contract.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** GET /api/bookings/{id} — one of the member's own sessions; anyone else's id is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  const session = await sessionOf(member.id, params.id ?? "");
  if (!session) return apiRefusal(request, bookingRefusals.notFound);
  return apiAnswer({ booking: bookingJson(session, await localeOf(request)) });
}

export const action = methodNotAllowed;
