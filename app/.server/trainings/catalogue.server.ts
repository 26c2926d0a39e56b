import { and, type Column, eq, inArray, sql } from "drizzle-orm";
import { db, type Database, type Executor } from "~/.server/db/client.server";
import {
  entitlements,
  moduleCompletions,
  partReads,
  quizSubmissions,
  trainingModules,
  trainings,
  type QuizScore,
} from "~/.server/db/schema.server";
import type { ModuleContent, TrainingContent } from "~/content/training-schema";

/**
 * A training with one member's progress: what the list, the training page and the module view
 * show. States follow SPEC §4's button labels: locked (unlock), not started (start), in progress
 * (continue), completed (see my result).
 */
export type TrainingState = "locked" | "not_started" | "in_progress" | "completed";

export type ModuleProgress = {
  id: string;
  content: ModuleContent;
  readParts: Set<string>;
  lastSubmission: { answers: Record<string, string[]>; score: QuizScore; passed: boolean; createdAt: Date } | null;
  completed: boolean;
  state: Exclude<TrainingState, "locked"> | "locked";
};

export type TrainingProgress = {
  id: string;
  content: TrainingContent;
  unlocked: boolean;
  state: TrainingState;
  /** Parts read and quizzes passed, out of all of them, 0–100. */
  percent: number;
  hours: number;
  modules: ModuleProgress[];
  /** The first module not completed yet (where "continue" leads), or the first one. */
  nextModule: ModuleProgress;
};

type TrainingRow = typeof trainings.$inferSelect;
type ModuleRow = { id: string; slug: string; trainingId: string };
type Catalogue = { trainings: TrainingRow[]; modules: ModuleRow[] };

/**
 * The catalogue (trainings in order, their live modules in order) changes only when the seed runs,
 * before any request is served: read once per database, not twice on every page that shows
 * progress. The seed forgets it (forgetCatalogue) whenever it writes.
 */
const catalogues = new WeakMap<Database, Promise<Catalogue>>();

export function forgetCatalogue(database: Database) {
  catalogues.delete(database);
}

/** The catalogue of the current database, read through `executor` when it is not known yet. */
function catalogue(executor: Executor): Promise<Catalogue> {
  const database = db();
  let cached = catalogues.get(database);
  if (!cached) {
    // Through the caller's transaction if it is in one: PGlite has one connection, which that
    // transaction holds.
    cached = readCatalogue(executor);
    // A failed read (the database away) is not kept: the next request reads again.
    cached.catch(() => catalogues.delete(database));
    catalogues.set(database, cached);
  }
  return cached;
}

async function readCatalogue(executor: Executor): Promise<Catalogue> {
  const [rows, modules] = await Promise.all([
    executor.select().from(trainings).orderBy(trainings.position),
    executor
      .select({ id: trainingModules.id, slug: trainingModules.slug, trainingId: trainingModules.trainingId })
      .from(trainingModules)
      .where(eq(trainingModules.retired, false))
      .orderBy(trainingModules.position),
  ]);
  return { trainings: rows, modules };
}

async function catalogueRows(executor: Executor, keep: (row: TrainingRow) => boolean): Promise<TrainingRow[]> {
  return (await catalogue(executor)).trainings.filter(keep);
}

export async function findTraining(slug: string): Promise<TrainingRow | null> {
  const [row] = await catalogueRows(db(), (row) => row.slug === slug);
  return row ?? null;
}

/**
 * Every training and test of the catalogue with the member's progress, in content order. Retired
 * ones (`archived: true`, issue 26 item 1) only when the member started them: they stay theirs.
 */
export async function trainingsOf(memberId: string, filter: { archived: boolean }): Promise<TrainingProgress[]> {
  const progress = await progressOf(
    db(),
    memberId,
    await catalogueRows(db(), (row) => row.archived === filter.archived),
  );
  return filter.archived ? progress.filter(started) : progress;
}

/**
 * One training with the member's progress, or null when no training has that slug, or when it is
 * retired and the member never started it (its pages are then as unknown as a wrong address).
 */
export async function trainingOf(tx: Executor, memberId: string, slug: string): Promise<TrainingProgress | null> {
  const [progress] = await progressOf(tx, memberId, await catalogueRows(tx, (row) => row.slug === slug));
  if (!progress || (progress.content.archived && !started(progress))) return null;
  return progress;
}

/** The member read a part of it or answered one of its quizzes. */
function started(training: TrainingProgress): boolean {
  return training.modules.some((m) => m.readParts.size > 0 || m.lastSubmission !== null || m.completed);
}

/** The member's progress in these trainings: one query, whatever their number. */
async function progressOf(tx: Executor, memberId: string, rows: TrainingRow[]): Promise<TrainingProgress[]> {
  if (rows.length === 0) return [];
  const shown = new Set(rows.map((row) => row.id));
  const allModules = (await catalogue(tx)).modules.filter((m) => shown.has(m.trainingId));
  const member = await memberRows(
    tx,
    memberId,
    allModules.map((m) => m.id),
  );
  return rows.map((row) =>
    buildProgress(
      row,
      allModules.filter((m) => m.trainingId === row.id),
      { ...member, entitled: member.entitledTrainings.includes(row.id) },
    ),
  );
}

type MemberRows = {
  reads: { moduleId: string; partSlug: string }[];
  completions: string[];
  /** The last submission of each module (what the pages show of a quiz), newest first. */
  submissions: ({ moduleId: string } & NonNullable<ModuleProgress["lastSubmission"]>)[];
  entitledTrainings: string[];
};

type MemberRowsJson = {
  reads: [string, string][];
  completions: string[];
  submissions: (Omit<MemberRows["submissions"][number], "createdAt"> & { createdAt: string })[];
  entitled: string[];
};

/**
 * What the member did in these modules, and the trainings they unlocked, as JSON arrays of one
 * row: a page showing progress asks the database once (it used to ask four times). Only the last
 * quiz submission of each module is read: a member who retook a quiz many times costs no more.
 */
async function memberRows(tx: Executor, memberId: string, moduleIds: string[]): Promise<MemberRows> {
  const inModules = (column: Column) => (moduleIds.length ? inArray(column, moduleIds) : sql`false`);
  const result = await tx.execute(sql`
    select
      (select coalesce(json_agg(json_build_array(${partReads.moduleId}, ${partReads.partSlug})), '[]'::json)
         from ${partReads} where ${and(eq(partReads.memberId, memberId), inModules(partReads.moduleId))}) as "reads",
      (select coalesce(json_agg(${moduleCompletions.moduleId}), '[]'::json)
         from ${moduleCompletions}
         where ${and(eq(moduleCompletions.memberId, memberId), inModules(moduleCompletions.moduleId))}) as "completions",
      (select coalesce(json_agg(json_build_object('moduleId', last.module_id, 'answers', last.answers,
                'score', last.score, 'passed', last.passed, 'createdAt', last.created_at) order by last.created_at desc), '[]'::json)
         from (select distinct on (${quizSubmissions.moduleId}) ${quizSubmissions.moduleId}, ${quizSubmissions.answers},
                 ${quizSubmissions.score}, ${quizSubmissions.passed}, ${quizSubmissions.createdAt}
                 from ${quizSubmissions}
                 where ${and(eq(quizSubmissions.memberId, memberId), inModules(quizSubmissions.moduleId))}
                 order by ${quizSubmissions.moduleId}, ${quizSubmissions.createdAt} desc) as last) as "submissions",
      (select coalesce(json_agg(${entitlements.trainingId}), '[]'::json)
         from ${entitlements} where ${eq(entitlements.memberId, memberId)}) as "entitled"
  `);
  const [row] = (result as unknown as { rows: MemberRowsJson[] }).rows;
  return {
    reads: row.reads.map(([moduleId, partSlug]) => ({ moduleId, partSlug })),
    completions: row.completions,
    submissions: row.submissions.map((s) => ({ ...s, createdAt: new Date(s.createdAt) })),
    entitledTrainings: row.entitled,
  };
}

function buildProgress(
  row: TrainingRow,
  moduleRows: { id: string; slug: string }[],
  member: Omit<MemberRows, "entitledTrainings"> & { entitled: boolean },
): TrainingProgress {
  const { reads, completions, submissions } = member;
  const unlocked = row.access === "free" || member.entitled;

  const modules: ModuleProgress[] = moduleRows.map(({ id, slug }) => {
    const content = row.content.modules.find((m) => m.slug === slug)!;
    const readParts = new Set(reads.filter((r) => r.moduleId === id).map((r) => r.partSlug));
    const last = submissions.find((s) => s.moduleId === id) ?? null;
    const completed = completions.includes(id);
    const started = readParts.size > 0 || last !== null;
    return {
      id,
      content,
      readParts,
      lastSubmission: last && {
        answers: last.answers,
        score: last.score,
        passed: last.passed,
        createdAt: last.createdAt,
      },
      completed,
      state: !unlocked ? "locked" : completed ? "completed" : started ? "in_progress" : "not_started",
    };
  });

  let steps = 0;
  let done = 0;
  for (const module of modules) {
    steps += module.content.parts.length + (module.content.quiz ? 1 : 0);
    done += module.content.parts.filter((p) => module.readParts.has(p.slug)).length;
    if (module.content.quiz && module.lastSubmission?.passed) done += 1;
  }
  const allCompleted = modules.length > 0 && modules.every((m) => m.completed);
  const anyStarted = modules.some((m) => m.state !== "not_started" && m.state !== "locked");
  return {
    id: row.id,
    content: row.content,
    unlocked,
    state: !unlocked ? "locked" : allCompleted ? "completed" : anyStarted ? "in_progress" : "not_started",
    percent: steps === 0 ? 0 : Math.round((100 * done) / steps),
    hours: modules.reduce((sum, m) => sum + m.content.hours, 0),
    modules,
    nextModule: modules.find((m) => !m.completed) ?? modules[0],
  };
}
