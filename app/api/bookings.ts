import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { bookSession } from "~/.server/coaching/booking/book.server";
import { sessionOf, sessionsOf } from "~/.server/coaching/sessions/member-sessions.server";
import {
  BOOKINGS_PAST_PAGE_SIZE,
  bookingAnswer,
  bookingBody,
  bookingJson,
  bookingRefusals,
  bookingsAnswer,
} from "~/.server/coaching/contract.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { pageEnvelope, pageQueryParameters } from "~/.server/paging/paging.server";

export const endpoint = defineEndpoint("/api/bookings", {
  get: operation({
    summary: "The member's discovery sessions: every upcoming one, then a page of the past and cancelled ones",
    page: BOOKINGS_PAST_PAGE_SIZE,
    query: pageQueryParameters.map((parameter) =>
      parameter.name === "limit"
        ? { ...parameter, description: `Past sessions a page, 1–50 (default ${BOOKINGS_PAST_PAGE_SIZE})` }
        : { ...parameter, description: `${parameter.description} (of the past sessions)` },
    ),
    ok: { status: 200, schema: bookingsAnswer, description: "The sessions" },
    async handler({ request, signedIn: { member }, page }) {
      const lang = await localeOf(request);
      const now = new Date();
      const { upcoming, past, pastPage } = await sessionsOf(member.id, now, page, { settle: false });
      return apiAnswer({
        upcoming: upcoming.map((s) => bookingJson(s, lang, now)),
        past: past.map((s) => bookingJson(s, lang, now)),
        ...pageEnvelope(page, pastPage.total),
      });
    },
  }),
  post: operation({
    summary:
      "Book a free slot; member and coach get the confirmation email with the meeting link and an .ics invitation",
    body: bookingBody,
    refusals: bookingRefusals,
    ok: { status: 201, schema: bookingAnswer, description: "Booked" },
    async handler({ request, signedIn: { member, identity }, body, refuse }) {
      const { coach, start, time_zone } = await body();
      const lang = await localeOf(request);
      const outcome = await bookSession(
        {
          id: member.id,
          firstname: member.firstname,
          lastname: member.lastname,
          email: identity.traits.email,
          lang,
          timeZone: member.time_zone,
        },
        { coachSlug: coach, start, timeZone: time_zone, fromPath: null },
      );
      if (!outcome.ok) return refuse(outcome.error);
      const session = await sessionOf(member.id, outcome.booking.id);
      return apiAnswer({ booking: bookingJson(session!, lang) }, 201);
    },
  }),
});
