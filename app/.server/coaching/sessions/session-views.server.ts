import { sessionDate, sessionInTwoZones, sessionTime } from "~/.server/calendar/when-words.server";
import { zoneName } from "~/.server/calendar/zone-names.server";
import type { Language } from "~/i18n/config";
import type { BookingWithCoach } from "../booking-records.server";
import { isAttendable } from "../agenda/attendance.server";
import { changeDeadline, isInsideNotice } from "../booking/change-notice.server";

/**
 * A session as a page shows it, in `timeZone` (the zone it was booked in by default; the coach's
 * on their pages), with its start in `readerZone` beside it when that zone reads another time.
 */
export function sessionCard(
  session: BookingWithCoach,
  lang: Language,
  now = new Date(),
  timeZone = session.timeZone,
  readerZone = timeZone,
) {
  return {
    id: session.id,
    coach: { slug: session.coach.slug, name: session.coach.name, photo: session.coach.photo },
    status: session.status,
    startsAt: session.startsAt.toISOString(),
    endsAt: session.endsAt.toISOString(),
    timeZone,
    date: sessionDate(lang, session.startsAt, timeZone),
    time: sessionTime(session.startsAt, session.endsAt, timeZone),
    zone: zoneName(lang, timeZone, session.startsAt),
    alsoAt: sessionInTwoZones(lang, session.startsAt, timeZone, readerZone),
    meetingUrl: session.status === "confirmed" ? session.meetingUrl : null,
    changeable: session.status === "confirmed" && session.startsAt > now,
    // Changeable by the coach only: their notice has begun.
    insideNotice: isInsideNotice(session, session.coach, now),
    changeUntil: changeDeadline(session.startsAt, session.coach).toISOString(),
    cancelledBy: session.cancelledBy,
    // The coach's mark once the session has started (null: not marked).
    attendance: session.attendance,
    attendable: isAttendable(session, now),
  };
}
