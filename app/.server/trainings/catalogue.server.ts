import { and, type Column, eq, inArray, sql } from "drizzle-orm";
import { db, type Database, type Executor } from "~/.server/db/client.server";
import {
  contentGeneration,
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
  lastSubmission: {
    answers: Record<string, string[]>;
    score: QuizScore;
    passed: boolean;
    createdAt: Date;
    /** The version the member answered (its questions and labels); null before versions existed. */
    versionId: string | null;
  } | null;
  completed: boolean;
  state: Exclude<TrainingState, "locked"> | "locked";
};

export type TrainingProgress = {
  id: string;
  /** The live version (what `content` is a copy of): a submission records it. */
  versionId: string | null;
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
type Catalogue = { generation: number; trainings: TrainingRow[]; modules: ModuleRow[] };

/**
 * The catalogue (trainings in order, their live modules in order) changes only when content is
 * published: read once per database, not twice on every page that shows progress. Every publish
 * bumps content_generation in its transaction; a process compares the generation its catalogue
 * was read at with the database's at most every GENERATION_CHECK_MS (one tiny query, whatever the
 * traffic), and reads the catalogue again when it moved: every worker and instance sees a publish
 * within a second. The publishing process forgets at once (forgetCatalogue).
 */
export const GENERATION_CHECK_MS = 250;

type Cached = { catalogue: Promise<Catalogue>; checkedAt: number; settled: boolean; executor: Executor };
const catalogues = new WeakMap<Database, Cached>();

export function forgetCatalogue(database: Database) {
  catalogues.delete(database);
}

/** The catalogue of the current database, read (or checked) through `executor`. */
async function catalogue(executor: Executor): Promise<Catalogue> {
  const database = db();
  const cached = catalogues.get(database);
  if (!cached) return load(database, executor);
  // A read in progress through another connection is not awaited from inside a transaction:
  // PGlite's one connection is this transaction's until it ends, so that read would wait for it.
  if (!cached.settled && cached.executor !== executor && executor !== database) return readCatalogue(executor);
  const now = Date.now();
  if (now - cached.checkedAt < GENERATION_CHECK_MS) return cached.catalogue;
  // One request checks; the others meanwhile keep the catalogue they have.
  cached.checkedAt = now;
  const known = await cached.catalogue;
  let current: number;
  try {
    current = await generationOf(executor);
  } catch (error) {
    cached.checkedAt = 0;
    throw error;
  }
  if (current === known.generation) return known;
  // Another request may have read it again meanwhile: that read is the one to use.
  const latest = catalogues.get(database);
  return !latest || latest === cached ? load(database, executor) : catalogue(executor);
}

function load(database: Database, executor: Executor): Promise<Catalogue> {
  // Through the caller's transaction if it is in one: PGlite has one connection, which that
  // transaction holds.
  const cached: Cached = { catalogue: readCatalogue(executor), checkedAt: Date.now(), settled: false, executor };
  cached.catalogue.then(
    () => {
      cached.settled = true;
    },
    // A failed read (the database away) is not kept: the next request reads again.
    () => {
      if (catalogues.get(database) === cached) catalogues.delete(database);
    },
  );
  catalogues.set(database, cached);
  return cached.catalogue;
}

async function generationOf(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ generation: contentGeneration.generation })
    .from(contentGeneration)
    .where(eq(contentGeneration.id, 1));
  return row?.generation ?? 0;
}

/**
 * The generation is read first: a publish landing between it and the rows makes the rows newer
 * than the generation kept, and the next check reads them again (never the reverse).
 */
async function readCatalogue(executor: Executor): Promise<Catalogue> {
  const generation = await generationOf(executor);
  const [rows, modules] = await Promise.all([
    executor.select().from(trainings).orderBy(trainings.position),
    executor
      .select({ id: trainingModules.id, slug: trainingModules.slug, trainingId: trainingModules.trainingId })
      .from(trainingModules)
      .where(eq(trainingModules.retired, false))
      .orderBy(trainingModules.position),
  ]);
  return { generation, trainings: rows, modules };
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
 * ones (`archived: true`) only when the member started them: they stay theirs.
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
                'score', last.score, 'passed', last.passed, 'createdAt', last.created_at,
                'versionId', last.version_id) order by last.created_at desc), '[]'::json)
         from (select distinct on (${quizSubmissions.moduleId}) ${quizSubmissions.moduleId}, ${quizSubmissions.answers},
                 ${quizSubmissions.score}, ${quizSubmissions.passed}, ${quizSubmissions.createdAt},
                 ${quizSubmissions.versionId}
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

  // A module row without content (read while a publish landed between the two reads) is left out
  // until the next check reads both again.
  const withContent = moduleRows.flatMap(({ id, slug }) => {
    const content = row.content.modules.find((m) => m.slug === slug);
    return content ? [{ id, content }] : [];
  });
  const modules: ModuleProgress[] = withContent.map(({ id, content }) => {
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
        versionId: last.versionId ?? null,
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
    // A quiz counts once passed, or once answered when its author does not require the mark.
    const last = module.lastSubmission;
    if (module.content.quiz && last && (last.passed || module.content.quiz.requirePass === false)) done += 1;
  }
  const allCompleted = modules.length > 0 && modules.every((m) => m.completed);
  const anyStarted = modules.some((m) => m.state !== "not_started" && m.state !== "locked");
  return {
    id: row.id,
    versionId: row.versionId,
    content: row.content,
    unlocked,
    state: !unlocked ? "locked" : allCompleted ? "completed" : anyStarted ? "in_progress" : "not_started",
    percent: steps === 0 ? 0 : Math.round((100 * done) / steps),
    hours: modules.reduce((sum, m) => sum + m.content.hours, 0),
    modules,
    nextModule: modules.find((m) => !m.completed) ?? modules[0],
  };
}
