import { z } from "zod";
import type { Operations } from "~/.server/api/openapi.server";
import { refusals } from "~/.server/http/refusal-table.server";
import type { Language } from "~/i18n/config";
import { sessionStart, timeZoneField } from "./booking-forms.server";
import type { BookingWithCoach, Coach } from "./bookings.server";
import { pageAnswerFields, pageQueryParameters } from "~/.server/paging/paging.server";
import { sessionCard } from "./session-views.server";

/**
 * Coaching's contract: the JSON API's bodies and answers (the routes parse and answer with them,
 * /api/openapi.json is generated from them) and how each refusal is told, page and API alike.
 * Messages are keys of "coaching".
 */
const coachView = z.object({
  slug: z.string(),
  name: z.string(),
  photo: z.string(),
  bio: z.string(),
  languages: z.array(z.string()),
  time_zone: z.string().describe("The coach's IANA time zone"),
  session_minutes: z.number().int(),
  buffer_minutes: z.number().int().describe("Kept free after each session"),
});

export const coachesAnswer = z.object({ coaches: z.array(coachView) });

export const slotsAnswer = z.object({
  coach: z.string(),
  time_zone: z
    .string()
    .describe("The zone of the `date` and `time` fields (the tz query, the member's zone by default)"),
  slots: z.array(
    z.object({
      start: z.string().describe("ISO 8601 instant, UTC"),
      end: z.string(),
      date: z.string(),
      time: z.string(),
    }),
  ),
});

const bookingView = z.object({
  id: z.string().uuid(),
  coach: z.object({ slug: z.string(), name: z.string() }),
  status: z.enum(["confirmed", "cancelled"]),
  start: z.string().describe("ISO 8601 instant, UTC"),
  end: z.string(),
  time_zone: z.string().describe("The member's time zone, in which `date` and `time` are given"),
  date: z.string(),
  time: z.string(),
  meeting_url: z.string().nullable().describe("The web-conference room; null once cancelled"),
  changeable: z.boolean().describe("Confirmed and not started: it can be rescheduled or cancelled"),
  cancelled_by: z.enum(["member", "coach"]).nullable(),
});

/** Past sessions grow: a page of them (`page`, `limit`), with the page fields about that list. */
export const BOOKINGS_PAST_PAGE_SIZE = 20;
export const bookingsAnswer = z.object({
  upcoming: z.array(bookingView),
  past: z.array(bookingView),
  ...pageAnswerFields,
});
export const bookingAnswer = z.object({ booking: bookingView });

export const bookingBody = z.object({
  coach: z.string({ required_error: "coaching:errors.coachUnknown" }).max(80, "coaching:errors.coachUnknown"),
  start: sessionStart.describe("One of the coach's free slots (its `start`)"),
  time_zone: timeZoneField.describe("The member's IANA time zone, for the emails and the calendar"),
});

export const rescheduleBody = bookingBody.omit({ coach: true });

/** A coach as the API shows it (coachesAnswer). */
export function coachJson(coach: Coach, lang: Language) {
  return {
    slug: coach.slug,
    name: coach.name,
    photo: coach.photo,
    bio: coach.bio[lang],
    languages: coach.languages,
    time_zone: coach.timeZone,
    session_minutes: coach.sessionMinutes,
    buffer_minutes: coach.bufferMinutes,
  };
}

/** A session as the API shows it (bookingAnswer, bookingsAnswer). */
export function bookingJson(session: BookingWithCoach, lang: Language, now = new Date()) {
  const card = sessionCard(session, lang, now);
  return {
    id: session.id,
    coach: { slug: session.coach.slug, name: session.coach.name },
    status: session.status,
    start: session.startsAt.toISOString(),
    end: session.endsAt.toISOString(),
    time_zone: session.timeZone,
    date: card.date,
    time: card.time,
    meeting_url: card.meetingUrl,
    changeable: card.changeable,
    cancelled_by: session.cancelledBy,
  };
}

// --- Refusals --------------------------------------------------------------------------------------

export const bookingRefusals = refusals("coaching", {
  coachUnknown: { status: 404, field: null, message: "errors.coachUnknown" },
  notFound: { status: 404, field: null, message: "errors.notFound" },
  slotUnavailable: { status: 409, field: null, message: "errors.slotUnavailable" },
  alreadyBooked: { status: 409, field: null, message: "errors.alreadyBooked" },
  notChangeable: { status: 409, field: null, message: "errors.notChangeable" },
});

// --- OpenAPI ---------------------------------------------------------------------------------------

export const coachingOperations: Operations = {
  "/api/coaches": {
    post: undefined,
    get: {
      summary: "The coaches who take discovery sessions: bio, languages, time zone, session length and buffer",
      signedIn: true,
      ok: { status: 200, schema: coachesAnswer, description: "The coaches" },
      failures: [401, 403],
    },
  },
  "/api/coaches/{coach_slug}/slots": {
    post: undefined,
    get: {
      summary: "A coach's free discovery-session times (12 h notice, 60 days ahead), dated in the tz zone",
      signedIn: true,
      path: ["coach_slug"],
      query: [
        { name: "tz", description: "IANA time zone of the date and time fields (default: the member's zone)" },
        { name: "from", description: "ISO 8601 instant; default now" },
        { name: "to", description: "ISO 8601 instant; default the end of the booking window" },
      ],
      ok: { status: 200, schema: slotsAnswer, description: "Free times, earliest first" },
      failures: [401, 403, 404, 422],
    },
  },
  "/api/bookings": {
    get: {
      summary: "The member's discovery sessions: every upcoming one, then a page of the past and cancelled ones",
      signedIn: true,
      query: pageQueryParameters.map((parameter) =>
        parameter.name === "limit"
          ? { ...parameter, description: `Past sessions a page, 1–50 (default ${BOOKINGS_PAST_PAGE_SIZE})` }
          : { ...parameter, description: `${parameter.description} (of the past sessions)` },
      ),
      ok: { status: 200, schema: bookingsAnswer, description: "The sessions" },
      failures: [401, 403, 422],
    },
    post: {
      summary:
        "Book a free slot; member and coach get the confirmation email with the meeting link and an .ics invitation",
      signedIn: true,
      body: bookingBody,
      ok: { status: 201, schema: bookingAnswer, description: "Booked" },
      failures: [400, 401, 403, 404, 409, 422],
    },
  },
  "/api/bookings/{id}": {
    post: undefined,
    get: {
      summary: "One of the member's own sessions",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: bookingAnswer, description: "The session" },
      failures: [401, 403, 404],
    },
  },
  "/api/bookings/{id}/reschedule": {
    get: undefined,
    post: {
      summary: "Move the session to another free slot of its coach; both get the updated invitation",
      signedIn: true,
      path: ["id"],
      body: rescheduleBody,
      ok: { status: 200, schema: bookingAnswer, description: "Moved" },
      failures: [400, 401, 403, 404, 409, 422],
    },
  },
  "/api/bookings/{id}/cancel": {
    get: undefined,
    post: {
      summary: "Cancel the session: the slot is free again and both are told",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: bookingAnswer, description: "Cancelled" },
      failures: [401, 403, 404, 409],
    },
  },
};
