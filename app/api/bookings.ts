import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, parseJsonBody } from "~/.server/api/respond.server";
import { bookSession, sessionOf, sessionsOf } from "~/.server/coaching/bookings.server";
import { BOOKINGS_PAST_PAGE_SIZE, bookingBody, bookingJson, bookingRefusals } from "~/.server/coaching/contract.server";
import { apiPage } from "~/.server/api/paging.server";
import { pageEnvelope } from "~/.server/paging/paging.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** GET /api/bookings?page=&limit= — the member's upcoming sessions, then a page of past and cancelled ones. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  const requested = await apiPage(request, BOOKINGS_PAST_PAGE_SIZE);
  const lang = await localeOf(request);
  const now = new Date();
  const { upcoming, past, pastPage } = await sessionsOf(member.id, now, requested, { settle: false });
  return apiAnswer({
    upcoming: upcoming.map((s) => bookingJson(s, lang, now)),
    past: past.map((s) => bookingJson(s, lang, now)),
    ...pageEnvelope(requested, pastPage.total),
  });
}

/** POST /api/bookings — `{coach, start, time_zone}`: books a free slot; both get the confirmation email. */
export async function action({ request }: ActionFunctionArgs) {
  const { member, identity } = await apiMember(request);
  const body = await parseJsonBody(request, bookingBody);
  const lang = await localeOf(request);
  const outcome = await bookSession(
    { id: member.id, firstname: member.firstname, lastname: member.lastname, email: identity.traits.email, lang },
    { coachSlug: body.coach, start: body.start, timeZone: body.time_zone, fromPath: null },
  );
  if (!outcome.ok) return apiRefusal(request, bookingRefusals[outcome.error]);
  const session = await sessionOf(member.id, outcome.booking.id);
  return apiAnswer({ booking: bookingJson(session!, lang) }, 201);
}
