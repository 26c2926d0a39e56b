import { z } from "zod";
import { refusals } from "~/.server/contract/refusal-table.server";
import type { Language } from "~/i18n/config";
import { sessionStart, timeZoneField } from "~/.server/coaching/booking/booking-forms.server";
import type { BookingWithCoach, Coach } from "./booking-records.server";
import { pageAnswerFields } from "~/.server/paging/paging.server";
import { sessionCard } from "~/.server/coaching/sessions/session-views.server";

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
  changeable: z
    .boolean()
    .describe("Confirmed and before the coach's notice (`change_until`): the member can reschedule or cancel it"),
  change_until: z
    .string()
    .describe("ISO 8601 instant, UTC: after it only the coach can move or cancel the session (their notice)"),
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

/** The session waits for an earlier time with its coach, or stops. */
export const earlierTimeBody = z.object({
  wait: z
    .boolean({ required_error: "coaching:earlier.errors.wait", invalid_type_error: "coaching:earlier.errors.wait" })
    .describe("true: mail me each earlier time that frees up with this coach, with a link to take it; false: stop"),
});

export const earlierTimeAnswer = z.object({
  waiting: z.boolean().describe("Whether the session now waits for an earlier time"),
});

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
    changeable: card.changeable && !card.insideNotice,
    change_until: card.changeUntil,
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
  // Inside the coach's notice (booking/change-notice.server.ts): its message reads noticeWords(coach).
  insideNotice: { status: 409, field: null, message: "errors.insideNotice" },
  // Quotas of booking changes (booking/booking-quota.server.ts), over a day.
  tooManyChanges: { status: 429, field: null, message: "errors.tooManyChanges", api: { retryAfter: 24 * 60 * 60 } },
  coachTooManyChanges: {
    status: 429,
    field: null,
    message: "errors.coachTooManyChanges",
    api: { retryAfter: 24 * 60 * 60 },
  },
});

/** The longest range of free times one request computes, so that no request can freeze the server. */
export const MAX_SLOTS_RANGE_DAYS = 62;

/** A coach's free times asked for (GET /api/coaches/{coach_slug}/slots?tz=&from=&to=). */
export const slotsRefusals = {
  coachUnknown: bookingRefusals.coachUnknown,
  ...refusals("coaching", {
    timeZoneInvalid: {
      status: 422,
      field: "tz",
      message: "errors.timeZoneInvalid",
      api: { base: "errors.checkFields" },
    },
    rangeInvalid: { status: 422, field: "from", message: "errors.rangeInvalid", api: { base: "errors.checkFields" } },
    rangeTooLong: {
      status: 400,
      field: "to",
      message: "errors.rangeTooLong",
      api: { base: "errors.checkFields", count: MAX_SLOTS_RANGE_DAYS },
    },
  }),
};

// --- The coach's space -----------------------------------------------------------

/** A coach's move of one of their sessions: a time not free (taken, outside their hours, too soon) is told under the time. */
export const coachMoveRefusals = {
  notFound: bookingRefusals.notFound,
  notChangeable: bookingRefusals.notChangeable,
  ...refusals("coach", {
    slotUnavailable: { status: 409, field: "start", message: "agenda.errors.slotUnavailable" },
  }),
};

/** A coach's mark of attendance: not before the session's start, not on a cancelled one. */
export const attendanceRefusals = {
  notFound: bookingRefusals.notFound,
  notChangeable: bookingRefusals.notChangeable,
  ...refusals("coaching", {
    notStarted: { status: 409, field: null, message: "errors.attendanceTooEarly" },
  }),
};

export const coachCancelRefusals = {
  notFound: bookingRefusals.notFound,
  notChangeable: bookingRefusals.notChangeable,
};

const coachSessionView = z.object({
  id: z.string().uuid(),
  member: z.object({ name: z.string() }),
  status: z.enum(["confirmed", "cancelled"]),
  start: z.string().describe("ISO 8601 instant, UTC"),
  end: z.string(),
  time_zone: z.string().describe("The coach's time zone, in which `date` and `time` are given"),
  date: z.string(),
  time: z.string(),
  meeting_url: z.string().nullable().describe("The web-conference room; null once cancelled"),
  changeable: z.boolean().describe("Confirmed and not started: it can be moved or cancelled"),
  cancelled_by: z.enum(["member", "coach"]).nullable(),
});

export const coachSessionsAnswer = z.object({ sessions: z.array(coachSessionView), ...pageAnswerFields });
export const coachSessionAnswer = z.object({ session: coachSessionView });

export const coachMoveBody = z.object({
  start: sessionStart.describe("One of the coach's free times (as GET /api/coaches/{coach_slug}/slots lists them)"),
});

export const coachCancelBody = z.object({
  reason: z
    .string()
    .trim()
    .max(500, "coaching:agenda.errors.reasonTooLong")
    .optional()
    .describe("Told to the member in the cancellation email (500 characters at most)"),
});

/** A session of the coach's as the API shows it, in the coach's zone. */
export function coachSessionJson(session: BookingWithCoach & { memberName: string }, lang: Language, now = new Date()) {
  const card = sessionCard(session, lang, now, session.coach.timeZone);
  return {
    id: session.id,
    member: { name: session.memberName },
    status: session.status,
    start: session.startsAt.toISOString(),
    end: session.endsAt.toISOString(),
    time_zone: session.coach.timeZone,
    date: card.date,
    time: card.time,
    meeting_url: card.meetingUrl,
    changeable: card.changeable,
    cancelled_by: session.cancelledBy,
  };
}

/** Which of the coach's lists GET /api/coach/sessions reads: anything else is refused, not guessed. */
/** A coach's profile, changed by the coach or an admin, page and API alike. */
export const coachProfileRefusals = refusals("coach", {
  notFound: { status: 404, field: null, message: "errors.profile.notFound" },
  noMemberPhoto: { status: 409, field: null, message: "errors.profile.noMemberPhoto" },
});

export const coachSessionsRefusals = refusals("coach", {
  whenInvalid: {
    status: 422,
    field: "when",
    message: "agenda.errors.whenInvalid",
    api: { base: "errors.checkFields" },
  },
});
