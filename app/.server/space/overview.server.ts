import { confirmedSessionsBetween } from "~/.server/coaching/bookings.server";
import { localDay, localTime } from "~/.server/coaching/time-zones.server";
import { trainingsOf } from "~/.server/trainings/catalogue.server";
import { testResult, trainingCard } from "~/.server/trainings/views.server";
import type { Language } from "~/i18n/config";
import { commitmentsDueBetween } from "./commitments.server";
import { goalsOf } from "./goals.server";
import { addDays, DEFAULT_TIME_ZONE, isCalendarDay } from "~/.server/calendar/days.server";
import { lastSevenDays } from "./weather.server";

// Built once: an Intl formatter costs more to make than to use (1 % of a busy server's time).
const calendarDay = new Intl.DateTimeFormat("en-CA", { timeZone: DEFAULT_TIME_ZONE });

/** Today's date where Cap's members live (Europe/Paris), as YYYY-MM-DD. */
export function today(): string {
  return calendarDay.format(new Date());
}

/** The Sunday that starts the week of `day` (SPEC §2: the calendar runs Sunday to Saturday). */
export function weekStart(day: string): string {
  return addDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay());
}

/** Everything the overview shows (SPEC §2 "Dashboard overview"), dates already in words. */
export async function overviewOf(memberId: string, lang: Language, week: string | null) {
  const now = today();
  const start = weekStart(week && isCalendarDay(week) ? week : now);
  const end = addDays(start, 6);
  const dateFormat = new Intl.DateTimeFormat(lang, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: DEFAULT_TIME_ZONE,
  });
  const dayFormat = new Intl.DateTimeFormat(lang, { weekday: "short", day: "numeric", timeZone: "UTC" });
  const [goals, catalogue, weather, due, sessions] = await Promise.all([
    goalsOf(memberId),
    trainingsOf(memberId, { archived: false }),
    lastSevenDays(memberId, now),
    commitmentsDueBetween(memberId, start, end),
    // A day either side: each session is placed by its day in the member's own time zone.
    confirmedSessionsBetween(
      memberId,
      new Date(`${addDays(start, -1)}T00:00:00Z`),
      new Date(`${addDays(end, 2)}T00:00:00Z`),
    ),
  ]);
  const appointments = sessions.map((session) => ({
    id: session.id,
    day: localDay(session.startsAt, session.timeZone),
    time: localTime(session.startsAt, session.timeZone),
    coach: session.coach.name,
  }));
  return {
    goal: goals.current && {
      title: goals.current.title,
      added: dateFormat.format(goals.current.createdAt),
      updated: dateFormat.format(goals.current.updatedAt),
      edited: goals.current.updatedAt.getTime() - goals.current.createdAt.getTime() > 1000,
    },
    goalHistory: goals.history.map((goal) => ({ title: goal.title, added: dateFormat.format(goal.createdAt) })),
    inProgress: catalogue
      .filter((t) => t.content.kind === "training" && t.state === "in_progress")
      .map((t) => trainingCard(t, lang)),
    tests: catalogue
      .filter((t) => t.content.kind === "test")
      .map((t) => ({ ...testResult(t, lang), card: trainingCard(t, lang) })),
    weather: {
      today: weather[weather.length - 1].mood,
      days: weather.map((entry) => ({ ...entry, label: dayFormat.format(new Date(`${entry.day}T00:00:00Z`)) })),
    },
    week: {
      start,
      previous: addDays(start, -7),
      next: addDays(start, 7),
      days: Array.from({ length: 7 }, (_, index) => {
        const day = addDays(start, index);
        return {
          day,
          label: dayFormat.format(new Date(`${day}T00:00:00Z`)),
          today: day === now,
          items: due
            .filter((c) => c.dueDate === day)
            .map((c) => ({ id: c.id, title: c.title, done: c.doneAt !== null })),
          appointments: appointments.filter((a) => a.day === day).map(({ id, time, coach }) => ({ id, time, coach })),
        };
      }),
    },
  };
}
