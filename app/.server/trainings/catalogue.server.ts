import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import {
  entitlements,
  moduleCompletions,
  partReads,
  quizSubmissions,
  trainingModules,
  trainings,
  type QuizScore,
} from "~/.server/db/schema.server";
import type { ModuleContent, TrainingContent } from "./content-schema.server";

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

type TrainingRow = Omit<typeof trainings.$inferSelect, "updatedAt">;

// Content changes only when the seed runs: keep each training's parsed content by its hash, so
// pages do not read and parse the whole JSON on every request.
const contentCache = new Map<string, TrainingContent>();

async function catalogueRows(tx: Executor, where: SQL | undefined): Promise<TrainingRow[]> {
  const rows = await tx
    .select({
      id: trainings.id,
      slug: trainings.slug,
      kind: trainings.kind,
      position: trainings.position,
      access: trainings.access,
      archived: trainings.archived,
      contentHash: trainings.contentHash,
    })
    .from(trainings)
    .where(where)
    .orderBy(trainings.position);
  const missing = rows.filter((row) => !contentCache.has(row.contentHash));
  if (missing.length) {
    const loaded = await tx
      .select({ hash: trainings.contentHash, content: trainings.content })
      .from(trainings)
      .where(
        inArray(
          trainings.id,
          missing.map((row) => row.id),
        ),
      );
    for (const { hash, content } of loaded) contentCache.set(hash, content);
  }
  return rows.map((row) => ({ ...row, content: contentCache.get(row.contentHash)! }));
}

export async function findTraining(tx: Executor, slug: string): Promise<TrainingRow | null> {
  const [row] = await catalogueRows(tx, eq(trainings.slug, slug));
  return row ?? null;
}

/** Every training and test of the catalogue with the member's progress, in content order. */
export async function trainingsOf(memberId: string, filter: { archived: boolean }): Promise<TrainingProgress[]> {
  return progressOf(db(), memberId, await catalogueRows(db(), eq(trainings.archived, filter.archived)));
}

/** One training with the member's progress, or null when no training has that slug. */
export async function trainingOf(tx: Executor, memberId: string, slug: string): Promise<TrainingProgress | null> {
  const [progress] = await progressOf(tx, memberId, await catalogueRows(tx, eq(trainings.slug, slug)));
  return progress ?? null;
}

/** The member's progress in these trainings: a handful of queries, whatever their number. */
async function progressOf(tx: Executor, memberId: string, rows: TrainingRow[]): Promise<TrainingProgress[]> {
  if (rows.length === 0) return [];
  const allModules = await tx
    .select({ id: trainingModules.id, slug: trainingModules.slug, trainingId: trainingModules.trainingId })
    .from(trainingModules)
    .where(
      and(
        inArray(
          trainingModules.trainingId,
          rows.map((row) => row.id),
        ),
        eq(trainingModules.retired, false),
      ),
    )
    .orderBy(trainingModules.position);
  const ids = allModules.map((m) => m.id);
  const [reads, completions, submissions, entitled] = await Promise.all([
    ids.length
      ? tx
          .select()
          .from(partReads)
          .where(and(eq(partReads.memberId, memberId), inArray(partReads.moduleId, ids)))
      : [],
    ids.length
      ? tx
          .select()
          .from(moduleCompletions)
          .where(and(eq(moduleCompletions.memberId, memberId), inArray(moduleCompletions.moduleId, ids)))
      : [],
    ids.length
      ? tx
          .select()
          .from(quizSubmissions)
          .where(and(eq(quizSubmissions.memberId, memberId), inArray(quizSubmissions.moduleId, ids)))
          .orderBy(desc(quizSubmissions.createdAt))
      : [],
    tx.select({ trainingId: entitlements.trainingId }).from(entitlements).where(eq(entitlements.memberId, memberId)),
  ]);
  return rows.map((row) =>
    buildProgress(
      row,
      allModules.filter((m) => m.trainingId === row.id),
      {
        reads,
        completions,
        submissions,
        entitled: entitled.some((e) => e.trainingId === row.id),
      },
    ),
  );
}

type MemberRows = {
  reads: (typeof partReads.$inferSelect)[];
  completions: (typeof moduleCompletions.$inferSelect)[];
  submissions: (typeof quizSubmissions.$inferSelect)[];
  entitled: boolean;
};

function buildProgress(
  row: TrainingRow,
  moduleRows: { id: string; slug: string }[],
  member: MemberRows,
): TrainingProgress {
  const { reads, completions, submissions } = member;
  const unlocked = row.access === "free" || member.entitled;

  const modules: ModuleProgress[] = moduleRows.map(({ id, slug }) => {
    const content = row.content.modules.find((m) => m.slug === slug)!;
    const readParts = new Set(reads.filter((r) => r.moduleId === id).map((r) => r.partSlug));
    const last = submissions.find((s) => s.moduleId === id) ?? null;
    const completed = completions.some((c) => c.moduleId === id);
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
