import { redirect } from "@remix-run/node";
import { z } from "zod";
import { addDays, isCalendarDay } from "~/.server/calendar/days.server";
import { localDay, startOfDay } from "~/.server/calendar/time-zones.server";
import { sessionDate } from "~/.server/calendar/when-words.server";
import { sessionStart } from "~/.server/coaching/booking/booking-forms.server";
import type { Coach } from "~/.server/coaching/booking-records.server";
import { freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import { moveFromAgenda, sessionOfCoach } from "~/.server/coaching/agenda/coach-moves.server";
import { coachMoveRefusals } from "~/.server/coaching/contract.server";
import { sessionCard } from "~/.server/coaching/sessions/session-views.server";
import { slotsOnDay } from "~/.server/coaching/booking/slots.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { parseWithZod } from "~/forms/submission";
import type { Language } from "~/i18n/config";

/**
 * The page where a coach moves one of their sessions, behind either door (signed in, this folder;
 * the private link, /coach/agenda/{token}/sessions/{id}/move): the coach's free times a week at a
 * time (server-rendered radio buttons, so it works without JavaScript), and the move posted.
 */
export const MOVE_WEEK_DAYS = 7;

/** The first day shown (?from=YYYY-MM-DD): within the coach's today and their own booking horizon, else today. */
export function moveWeekStart(value: string | null, coach: Coach, now = new Date()) {
  const today = localDay(now, coach.timeZone);
  const last = addDays(today, coach.horizonDays);
  const from = value && value.length === 10 && isCalendarDay(value) && value >= today && value <= last ? value : today;
  return { today, last, from };
}

/**
 * The move page: the session (null when it is not the coach's), and the coach's free times of the
 * week from `from`, by day in the coach's zone (the session's own time left out).
 */
export async function movePageData(
  coach: Coach,
  id: string,
  { lang, from: asked, now = new Date() }: { lang: Language; from: string | null; now?: Date },
) {
  const session = await sessionOfCoach(coach, id);
  if (!session) return null;
  const { today, last, from } = moveWeekStart(asked, coach, now);
  const card = { ...sessionCard({ ...session, coach }, lang, now, coach.timeZone), memberName: session.memberName };
  const days = Array.from({ length: MOVE_WEEK_DAYS }, (_, index) => addDays(from, index));
  const start = startOfDay(days[0], coach.timeZone);
  const end = startOfDay(addDays(from, MOVE_WEEK_DAYS), coach.timeZone);
  const slots =
    card.changeable && start && end ? await freeSlotsOf(coach, start, end, { now, exceptBookingId: session.id }) : [];
  const free = slots.filter((slot) => slot.start.getTime() !== session.startsAt.getTime());
  return {
    session: card,
    days: days
      .map((day) => ({
        day,
        label: sessionDate(lang, startOfDay(day, coach.timeZone) ?? new Date(`${day}T12:00:00Z`), coach.timeZone),
        slots: slotsOnDay(day, coach.timeZone, free).map((slot) => ({
          start: slot.start.toISOString(),
          time: slot.time,
        })),
      }))
      .filter((day) => day.slots.length > 0),
    week: {
      from,
      // A week back, not before today (a week starting mid-week after the first "next").
      previous: from > today ? [addDays(from, -MOVE_WEEK_DAYS), today].sort()[1] : null,
      next: addDays(from, MOVE_WEEK_DAYS) <= last ? addDays(from, MOVE_WEEK_DAYS) : null,
    },
  };
}

const moveSchema = z.object({ start: sessionStart });

/** The move form's post: back to the agenda (`base`) once moved; a time not free is told under it; another coach's session: 404. */
export async function answerMovePost({
  request,
  coach,
  id,
  formData,
  base,
  actorId,
}: {
  request: Request;
  coach: Coach;
  id: string;
  formData: FormData;
  base: string;
  actorId: string | null;
}) {
  const submission = parseWithZod(formData, { schema: moveSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const outcome = await moveFromAgenda(coach, id, submission.value.start, actorId);
  if (outcome.ok) return redirect(`${base}?moved#upcoming`, 303);
  if (outcome.error === "notFound") notFound(request);
  return refuseWith(
    submission,
    outcome.error === "slotUnavailable" ? coachMoveRefusals.slotUnavailable : coachMoveRefusals.notChangeable,
  );
}
