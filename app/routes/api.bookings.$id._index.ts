import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookingAnswer } from "~/.server/api/coaching.server";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed } from "~/.server/api/respond.server";
import { sessionOf } from "~/.server/coaching/bookings.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** GET /api/bookings/{id} — one of the member's own sessions; anyone else's id is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const session = await sessionOf(member.signedIn.member.id, params.id ?? "");
  if (!session) return apiError(request, 404, { base: ["coaching:errors.notFound"] });
  return apiAnswer({ booking: bookingAnswer(session, await localeOf(request)) });
}

export const action = methodNotAllowed;
