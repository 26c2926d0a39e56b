import { dateFormat } from "~/.server/calendar/date-formats.server";
import { localDay, localTime } from "~/.server/calendar/time-zones.server";
import { answeredVersions } from "~/.server/trainings/answered-versions.server";
import { trainingsOf } from "~/.server/trainings/catalogue.server";
import { NAMED_TESTS } from "~/.server/trainings/results.server";
import { resultPath } from "~/.server/trainings/resume.server";
import { testResult, trainingCard } from "~/.server/trainings/views.server";
import type { Language } from "~/i18n/config";
import { commitmentsDueBetween } from "./commitments.server";
import { goalsOf } from "./goals.server";
import { addDays, isCalendarDay, weekStart } from "~/.server/calendar/days.server";
import { lastSevenDays } from "./weather.server";

/** Today's date in the member's time zone, as YYYY-MM-DD. */
export function today(timeZone: string, now = new Date()): string {
  return localDay(now, timeZone);
}

/** The member's confirmed coaching sessions starting in [from, to): coaching's, given by the caller. */
export type SessionsBetween = (
  from: Date,
  to: Date,
) => Promise<{ id: string; startsAt: Date; coach: { name: string } }[]>;

/**
 * Everything the overview shows (SPEC §2 "Dashboard overview"), dates already in words, its days
 * and times in the member's time zone.
 */
export async function overviewOf(
  memberId: string,
  lang: Language,
  timeZone: string,
  week: string | null,
  historyPage: number,
  sessionsBetween: SessionsBetween,
) {
  const now = today(timeZone);
  const start = weekStart(week && isCalendarDay(week) ? week : now);
  const end = addDays(start, 6);
  const longDate = dateFormat(lang, { day: "numeric", month: "long", year: "numeric", timeZone });
  const dayFormat = dateFormat(lang, { weekday: "short", day: "numeric", timeZone: "UTC" });
  const [goals, catalogue, weather, due, sessions] = await Promise.all([
    goalsOf(memberId, historyPage),
    trainingsOf(memberId, { archived: false }),
    lastSevenDays(memberId, now),
    commitmentsDueBetween(memberId, start, end),
    // A day either side: each session is placed by its day in the member's time zone.
    sessionsBetween(new Date(`${addDays(start, -1)}T00:00:00Z`), new Date(`${addDays(end, 2)}T00:00:00Z`)),
  ]);
  const taken = catalogue.filter((t) => t.content.kind === "test");
  // A test taken on an earlier version shows its skills as they were (no query when it is the live one).
  const versions = await answeredVersions(taken);
  const tests = taken.map((t) => ({ ...testResult(t, lang, versions), resultPath: resultPath(t) }));
  const appointments = sessions.map((session) => ({
    id: session.id,
    day: localDay(session.startsAt, timeZone),
    time: localTime(session.startsAt, timeZone),
    coach: session.coach.name,
  }));
  return {
    goal: goals.current && {
      title: goals.current.title,
      added: longDate.format(goals.current.createdAt),
      updated: longDate.format(goals.current.updatedAt),
      edited: goals.current.updatedAt.getTime() - goals.current.createdAt.getTime() > 1000,
    },
    goalHistory: goals.history.map((goal) => ({ title: goal.title, added: longDate.format(goal.createdAt) })),
    goalHistoryPage: { page: goals.historyPage.page, pages: goals.historyPage.pages },
    inProgress: catalogue
      .filter((t) => t.content.kind === "training" && t.state === "in_progress")
      .map((t) => trainingCard(t, lang)),
    // "Tests carried out": those the member took; the two named tests are offered until taken.
    testsTaken: tests
      .filter((test) => test.taken)
      .map(({ slug, title, profile, resultPath }) => ({ slug, title, profile: profile?.label ?? null, resultPath })),
    testsOffered: tests
      .filter((test) => !test.taken && NAMED_TESTS.includes(test.slug))
      .map(({ slug, title, takePath }) => ({ slug, title, takePath })),
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
