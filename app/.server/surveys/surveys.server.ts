import { and, count, desc, eq, gte, inArray, isNull } from "drizzle-orm";
import { db, type Transaction } from "~/.server/db/client.server";
import {
  appUsers,
  crewMembers,
  surveyAnswers,
  surveyRequests,
  surveys,
  type SurveyQuestion,
} from "~/.server/db/schema.server";
import { randomToken, sha256 } from "~/.server/secrets/tokens.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { readPage, type PageRequest, type Window } from "~/.server/paging/paging.server";
import { surveyRequestMail } from "~/.server/mail/templates.server";
import { isUuid } from "~/.server/db/uuid.server";
import { takeCrewMailQuota } from "~/.server/team/mail-quota.server";
import type { Language } from "~/i18n/config";

/**
 * 360 surveys ("how do you see me"). Each chosen crew member gets a private link
 * (only its SHA-256 is stored) that answers once; answers are stored apart from the links, so
 * nobody can tell who said what. Results show once, when the survey closes (closed by the member,
 * or by itself once everyone answered), and only with at least MIN_ANSWERS answers: a total shown
 * after every new answer would give each answer away by difference.
 */
export const MIN_ANSWERS = 3;

export type SurveyResult = { id: string; prompt: string; average: number; comments: string[] };

export type SurveyView = {
  id: string;
  title: string;
  questions: SurveyQuestion[];
  sent: number;
  answered: number;
  closed: boolean;
  /** Null until the survey is closed with at least MIN_ANSWERS answers. */
  results: SurveyResult[] | null;
  createdAt: string;
};

export type NewSurvey = { title: string; questions: string[]; crewIds: string[] };
type Sender = { id: string; firstname: string; lastname: string; lang: Language };

export function surveyLink(token: string) {
  return `/survey/${token}`;
}

/** Creates the survey and sends one private link per chosen crew member, in one transaction. */
export async function createSurvey(
  sender: Sender,
  input: NewSurvey,
): Promise<{ ok: true; id: string } | { ok: false; error: "unknownCrew" | "tooManyMails" }> {
  const crewIds = [...new Set(input.crewIds)];
  if (crewIds.length === 0 || !crewIds.every(isUuid)) return { ok: false, error: "unknownCrew" };
  return db().transaction(async (tx) => {
    const crew = await tx
      .select({ id: crewMembers.id, name: crewMembers.name, email: crewMembers.email })
      .from(crewMembers)
      .where(and(eq(crewMembers.memberId, sender.id), inArray(crewMembers.id, crewIds)));
    if (crew.length !== crewIds.length) return { ok: false as const, error: "unknownCrew" as const };
    const recipients = crew.map((person) => person.email);
    if (!(await takeCrewMailQuota(tx, sender.id, recipients, "survey")).ok)
      return { ok: false as const, error: "tooManyMails" as const };
    const questions = input.questions.map((prompt, index) => ({ id: `q${index + 1}`, prompt }));
    const [survey] = await tx
      .insert(surveys)
      .values({ memberId: sender.id, title: input.title, questions })
      .returning({ id: surveys.id });
    const memberName = `${sender.firstname} ${sender.lastname}`.trim();
    for (const person of crew) {
      const token = randomToken();
      await tx
        .insert(surveyRequests)
        .values({ surveyId: survey.id, crewMemberId: person.id, tokenHash: sha256(token) });
      await queueMail(
        tx,
        surveyRequestMail(sender.lang, person.email, { firstname: person.name, memberName, link: surveyLink(token) }),
      );
    }
    return { ok: true as const, id: survey.id };
  });
}

/** Surveys a page of /my_team/surveys holds. */
export const SURVEYS_PAGE_SIZE = 10;

export async function listSurveys(memberId: string): Promise<SurveyView[]> {
  return surveyViews(await surveyRows(memberId));
}

/** The member's surveys a page at a time, newest first. */
export async function surveysPage(memberId: string, requested: PageRequest, options?: { settle: boolean }) {
  const { items, page } = await readPage(
    requested,
    async () => (await db().select({ count: count() }).from(surveys).where(eq(surveys.memberId, memberId)))[0].count,
    (window) => surveyRows(memberId, window),
    options,
  );
  return { items: await surveyViews(items), page };
}

function surveyRows(memberId: string, window?: Window) {
  const query = db()
    .select()
    .from(surveys)
    .where(eq(surveys.memberId, memberId))
    // The id last: a total order, so that two surveys sent in the same instant keep their page.
    .orderBy(desc(surveys.createdAt), desc(surveys.id));
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

async function surveyViews(rows: Awaited<ReturnType<typeof surveyRows>>): Promise<SurveyView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [requests, answers] = await Promise.all([
    db()
      .select({ surveyId: surveyRequests.surveyId, sent: count(), answered: count(surveyRequests.answeredAt) })
      .from(surveyRequests)
      .where(inArray(surveyRequests.surveyId, ids))
      .groupBy(surveyRequests.surveyId),
    db()
      .select({ surveyId: surveyAnswers.surveyId, answers: surveyAnswers.answers })
      .from(surveyAnswers)
      .where(inArray(surveyAnswers.surveyId, ids)),
  ]);
  return rows.map((survey) => {
    const counts = requests.find((row) => row.surveyId === survey.id);
    const given = answers.filter((row) => row.surveyId === survey.id).map((row) => row.answers);
    return {
      id: survey.id,
      title: survey.title,
      questions: survey.questions,
      sent: counts?.sent ?? 0,
      answered: given.length,
      closed: survey.closedAt !== null,
      results: survey.closedAt !== null && given.length >= MIN_ANSWERS ? summarise(survey.questions, given) : null,
      createdAt: survey.createdAt.toISOString(),
    };
  });
}

/**
 * What happens, in the transaction that closed the survey, when its results now show (once: by its
 * member, or by the last answer): the caller's news for its member.
 */
export type ResultsShown = (tx: Transaction, survey: { memberId: string; title: string }) => Promise<void>;

/** Closes one of the member's surveys: its results, if any, are final. False: not theirs or closed. */
export async function closeSurvey(memberId: string, id: string, shown: ResultsShown): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db().transaction(async (tx) => {
    const [closed] = await tx
      .update(surveys)
      .set({ closedAt: new Date() })
      .where(and(eq(surveys.id, id), eq(surveys.memberId, memberId), isNull(surveys.closedAt)))
      .returning({ id: surveys.id, memberId: surveys.memberId, title: surveys.title });
    if (closed) await resultsShown(tx, closed, shown);
    return Boolean(closed);
  });
}

/** The survey was just closed: when it has enough answers, its results now show. */
async function resultsShown(
  tx: Transaction,
  survey: { id: string; memberId: string; title: string },
  shown: ResultsShown,
) {
  const [answers] = await tx.select({ n: count() }).from(surveyAnswers).where(eq(surveyAnswers.surveyId, survey.id));
  if ((answers?.n ?? 0) >= MIN_ANSWERS) await shown(tx, survey);
}

/** One answer as stored: a score and a comment per question id. */
export type GivenAnswers = Record<string, { score: number; comment: string }>;

/** Averages per question (one decimal) and the comments in alphabetical order: no trace of who. */
function summarise(questions: SurveyQuestion[], given: GivenAnswers[]): SurveyResult[] {
  return questions.map((question) => {
    const answers = given.map((one) => one[question.id]).filter(Boolean);
    const total = answers.reduce((sum, answer) => sum + answer.score, 0);
    return {
      id: question.id,
      prompt: question.prompt,
      average: answers.length ? Math.round((total / answers.length) * 10) / 10 : 0,
      comments: answers
        .map((answer) => answer.comment)
        .filter((comment) => comment !== "")
        .sort((a, b) => a.localeCompare(b)),
    };
  });
}

export type SurveyRequestView = {
  title: string;
  memberName: string;
  questions: SurveyQuestion[];
  answered: boolean;
  closed: boolean;
  /** How many people the survey went to: a respondent can judge how many answers theirs is pooled with. */
  asked: number;
};

/** What the private link shows; null for a token that names nothing. */
export async function surveyOfToken(token: string): Promise<SurveyRequestView | null> {
  if (!token || token.length > 128) return null;
  const [row] = await db()
    .select({
      survey: surveys,
      answeredAt: surveyRequests.answeredAt,
      firstname: appUsers.firstname,
      lastname: appUsers.lastname,
    })
    .from(surveyRequests)
    .innerJoin(surveys, eq(surveys.id, surveyRequests.surveyId))
    .innerJoin(appUsers, eq(appUsers.id, surveys.memberId))
    .where(eq(surveyRequests.tokenHash, sha256(token)));
  if (!row) return null;
  const [asked] = await db()
    .select({ n: count() })
    .from(surveyRequests)
    .where(eq(surveyRequests.surveyId, row.survey.id));
  return {
    asked: asked?.n ?? 0,
    title: row.survey.title,
    memberName: `${row.firstname} ${row.lastname}`.trim(),
    questions: row.survey.questions,
    answered: row.answeredAt !== null,
    closed: row.survey.closedAt !== null,
  };
}

export type AnswerOutcome = { ok: true } | { ok: false; error: "notFound" | "used" | "closed" | "incomplete" };

/** Stores one answer per link: the link is spent in the same transaction as the answer is kept. */
export async function answerSurvey(token: string, answers: GivenAnswers, shown: ResultsShown): Promise<AnswerOutcome> {
  if (!token || token.length > 128) return { ok: false, error: "notFound" };
  return db().transaction(async (tx) => {
    const [request] = await tx
      .select({
        id: surveyRequests.id,
        surveyId: surveyRequests.surveyId,
        answeredAt: surveyRequests.answeredAt,
        questions: surveys.questions,
        closedAt: surveys.closedAt,
        memberId: surveys.memberId,
        title: surveys.title,
      })
      .from(surveyRequests)
      .innerJoin(surveys, eq(surveys.id, surveyRequests.surveyId))
      .where(eq(surveyRequests.tokenHash, sha256(token)))
      // Closing and answering never cross: the results of a closed survey never change.
      .for("update", { of: surveys });
    if (!request) return { ok: false as const, error: "notFound" as const };
    if (request.answeredAt) return { ok: false as const, error: "used" as const };
    if (request.closedAt) return { ok: false as const, error: "closed" as const };
    if (!request.questions.every((question) => answers[question.id]))
      return { ok: false as const, error: "incomplete" as const };
    // Only a link still unanswered is spent: two submissions at once store one answer.
    const spent = await tx
      .update(surveyRequests)
      .set({ answeredAt: new Date() })
      .where(and(eq(surveyRequests.id, request.id), isNull(surveyRequests.answeredAt)))
      .returning({ id: surveyRequests.id });
    if (spent.length === 0) return { ok: false as const, error: "used" as const };
    const kept = Object.fromEntries(request.questions.map((question) => [question.id, answers[question.id]]));
    await tx.insert(surveyAnswers).values({ surveyId: request.surveyId, answers: kept });
    // Everyone answered: the survey closes by itself.
    const [waiting] = await tx
      .select({ n: count() })
      .from(surveyRequests)
      .where(and(eq(surveyRequests.surveyId, request.surveyId), isNull(surveyRequests.answeredAt)));
    if ((waiting?.n ?? 0) === 0) {
      await tx.update(surveys).set({ closedAt: new Date() }).where(eq(surveys.id, request.surveyId));
      await resultsShown(tx, { id: request.surveyId, memberId: request.memberId, title: request.title }, shown);
    }
    return { ok: true as const };
  });
}

/** The member's surveys closed since `since` whose results show: the weekly digest's news. */
export async function surveysReadySince(memberId: string, since: Date) {
  const rows = await db()
    .select()
    .from(surveys)
    .where(and(eq(surveys.memberId, memberId), gte(surveys.closedAt, since)))
    .orderBy(desc(surveys.closedAt))
    .limit(SURVEYS_PAGE_SIZE);
  return (await surveyViews(rows)).filter((view) => view.results !== null).map(({ title }) => ({ title }));
}
