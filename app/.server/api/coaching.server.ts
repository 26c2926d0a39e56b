import type { BookingWithCoach, Coach } from "~/.server/coaching/bookings.server";
import { sessionCard } from "~/.server/coaching/session-views.server";
import type { Language } from "~/i18n/config";

/** The coaching API's answers (shapes in schemas.server.ts: coachesAnswer, bookingAnswer…). */
export function coachAnswer(coach: Coach, lang: Language) {
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

export function bookingAnswer(session: BookingWithCoach, lang: Language, now = new Date()) {
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

/** What a refused booking answers: its status and message key. */
export const bookingRefusal = {
  coachUnknown: 404,
  notFound: 404,
  slotUnavailable: 409,
  alreadyBooked: 409,
  notChangeable: 409,
} as const;
