import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { bookingAnswer, bookingRefusal } from "~/.server/api/coaching.server";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, parseJsonBody } from "~/.server/api/respond.server";
import { bookingBody } from "~/.server/api/schemas.server";
import { bookSession, sessionOf, sessionsOf } from "~/.server/coaching/bookings.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** GET /api/bookings — the member's discovery sessions, upcoming then past and cancelled. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const lang = await localeOf(request);
  const now = new Date();
  const { upcoming, past } = await sessionsOf(member.signedIn.member.id, now);
  return apiAnswer({
    upcoming: upcoming.map((s) => bookingAnswer(s, lang, now)),
    past: past.map((s) => bookingAnswer(s, lang, now)),
  });
}

/** POST /api/bookings — `{coach, start, time_zone}`: books a free slot; both get the confirmation email. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const body = await parseJsonBody(request, bookingBody);
  if (!body.ok) return body.response;
  const { member: self, identity } = member.signedIn;
  const lang = await localeOf(request);
  const outcome = await bookSession(
    { id: self.id, firstname: self.firstname, lastname: self.lastname, email: identity.traits.email, lang },
    { coachSlug: body.value.coach, start: body.value.start, timeZone: body.value.time_zone, fromPath: null },
  );
  if (!outcome.ok)
    return apiError(request, bookingRefusal[outcome.error], { base: [`coaching:errors.${outcome.error}`] });
  const session = await sessionOf(self.id, outcome.booking.id);
  return apiAnswer({ booking: bookingAnswer(session!, lang) }, 201);
}
