import { dateFormat } from "~/.server/calendar/date-formats.server";
import { translator } from "~/.server/i18n/i18n.server";
import { photoUrlOf } from "~/.server/media/photo.server";
import { currentGoal } from "~/.server/space/goals.server";
import { lifeAreas, lifeGpsPage } from "~/.server/space/life-gps.server";
import { resultOf } from "~/.server/trainings/results.server";
import type { Language } from "~/i18n/config";
import type { Coach } from "../booking-records.server";
import { sessionOfCoach } from "../agenda/coach-moves.server";
import { prepOf, shareableOf, type PrepChoice } from "./session-prep.server";
import { sessionCard } from "./session-views.server";

/**
 * What the session's coach reads of the member's prep, and nothing more: the
 * member's words, then only what they ticked — read when the page is asked for, so a goal
 * replaced since shows as it is now. A training's result goes without the member's answers.
 */
export async function prepForCoach(session: { id: string; memberId: string }, lang: Language, timeZone: string) {
  const prep = await prepOf(session.id);
  const [goal, lifeGps, result] = await Promise.all([
    prep.shareGoal ? currentGoal(session.memberId) : null,
    prep.shareLifeGps ? lastLifeGps(session.memberId, lang, timeZone) : null,
    prep.sharedResult ? sharedResult(session.memberId, prep.sharedResult, lang) : null,
  ]);
  return { topics: prep.topics, goal: goal?.title ?? null, lifeGps, result };
}

export type PrepForCoach = Awaited<ReturnType<typeof prepForCoach>>;

async function lastLifeGps(memberId: string, lang: Language, timeZone: string) {
  const [entry] = (await lifeGpsPage(memberId, { page: 1, limit: 1 })).items;
  if (!entry) return null;
  const t = await translator(lang, "space");
  return {
    date: dateFormat(lang, { day: "numeric", month: "long", year: "numeric", timeZone }).format(entry.createdAt),
    areas: lifeAreas.map((area) => ({
      id: area,
      label: t(`lifeGps.areas.${area}`),
      score: entry.ratings[area]?.score ?? 0,
      note: entry.ratings[area]?.note ?? "",
    })),
  };
}

/** One result as the coach reads it: a test's profile and skills, a training's scores (no answers). */
async function sharedResult(memberId: string, slug: string, lang: Language) {
  const result = await resultOf(memberId, slug, lang);
  if (!result) return null;
  if (result.kind === "test") {
    return result.taken
      ? { kind: "test" as const, title: result.title, profile: result.profile, skills: result.skills }
      : null;
  }
  return {
    kind: "training" as const,
    title: result.title,
    percent: result.percent,
    modules: result.modules.map(({ slug: id, title, hasQuiz, right, total }) => ({ id, title, hasQuiz, right, total })),
  };
}

/**
 * A session page of the coach's agenda (/coach/agenda/sessions/{id}, and the same behind the
 * private link): the session in the coach's zone, its member, and their prep. Null when the
 * session is not this coach's (or no session at all).
 */
export async function coachSessionPage(coach: Coach, id: string, lang: Language, now = new Date()) {
  const session = await sessionOfCoach(coach, id);
  if (!session) return null;
  const [memberPhoto, prep] = await Promise.all([
    photoUrlOf(session.memberId),
    prepForCoach(session, lang, coach.timeZone),
  ]);
  return {
    session: sessionCard({ ...session, coach }, lang, now, coach.timeZone),
    memberName: session.memberName,
    memberPhoto,
    prep,
  };
}

/**
 * The member's prep page: their choice, what they have to share (a result no longer theirs to
 * share is left out of the list, and so unticked), and the session in their zone.
 */
export async function prepFormOf(memberId: string, prep: PrepChoice, lang: Language, timeZone: string) {
  const shareable = await shareableOf(memberId, lang);
  const filled = dateFormat(lang, { day: "numeric", month: "long", year: "numeric", timeZone });
  return {
    prep,
    shareable: {
      goal: shareable.goal,
      lifeGps: shareable.lifeGpsAt ? filled.format(shareable.lifeGpsAt) : null,
      results: shareable.results,
    },
  };
}
