import { db, type Transaction } from "~/.server/db/client.server";
import { moduleCompletions, partReads, quizSubmissions } from "~/.server/db/schema.server";
import type { ModuleContent } from "~/content/training-schema";
import type { SelectionError } from "~/forms/quiz";
import { trainingOf, type ModuleProgress, type TrainingProgress } from "./catalogue.server";
import { issueCertificate } from "./certificates.server";
import { cleanAnswers, quizErrors, scoreQuiz } from "./scoring.server";

/** Where a member's step leaves them: the module, and whether it or the whole training just ended. */
export type StepOutcome =
  | { ok: true; moduleCompleted: boolean; trainingCompleted: boolean }
  | { ok: false; error: "notFound" | "locked" };

type Found =
  | { ok: true; training: TrainingProgress; module: ModuleProgress }
  | { ok: false; error: "notFound" | "locked" };

async function moduleFor(tx: Transaction, memberId: string, trainingSlug: string, moduleSlug: string): Promise<Found> {
  const training = await trainingOf(tx, memberId, trainingSlug);
  const module = training?.modules.find((m) => m.content.slug === moduleSlug);
  if (!training || !module) return { ok: false, error: "notFound" };
  if (!training.unlocked) return { ok: false, error: "locked" };
  return { ok: true, training, module };
}

/** "I've read": marks the part read, and completes the module when nothing else is left. */
export async function markPartRead(
  memberId: string,
  trainingSlug: string,
  moduleSlug: string,
  partSlug: string,
): Promise<StepOutcome> {
  return db().transaction(async (tx) => {
    const found = await moduleFor(tx, memberId, trainingSlug, moduleSlug);
    if (!found.ok) return found;
    if (!found.module.content.parts.some((p) => p.slug === partSlug))
      return { ok: false as const, error: "notFound" as const };
    await tx.insert(partReads).values({ memberId, moduleId: found.module.id, partSlug }).onConflictDoNothing();
    found.module.readParts.add(partSlug);
    return completeIfDone(tx, memberId, found.training, found.module);
  });
}

/** An accepted quiz: the step's outcome, and the quiz and answers its review is made of. */
export type QuizOutcome =
  | (Extract<StepOutcome, { ok: true }> & {
      quiz: NonNullable<ModuleContent["quiz"]>;
      answers: Record<string, string[]>;
    })
  | Extract<StepOutcome, { ok: false }>
  | { ok: false; error: "refused"; errors: Record<string, SelectionError>; answers: Record<string, string[]> };

/**
 * A quiz submission. Every question's selection must be within its limits, or nothing is stored
 * and the choices come back with the messages. Accepted answers, their score and the progress they
 * unlock are written in one transaction.
 */
export async function submitQuiz(
  memberId: string,
  trainingSlug: string,
  moduleSlug: string,
  raw: Record<string, string[]>,
): Promise<QuizOutcome> {
  return db().transaction(async (tx) => {
    const found = await moduleFor(tx, memberId, trainingSlug, moduleSlug);
    if (!found.ok) return found;
    const quiz = found.module.content.quiz;
    if (!quiz) return { ok: false as const, error: "notFound" as const };
    const answers = cleanAnswers(quiz, raw);
    const errors = quizErrors(quiz, answers);
    if (Object.keys(errors).length > 0) return { ok: false as const, error: "refused" as const, errors, answers };
    const { score, passed } = scoreQuiz(quiz, answers);
    const createdAt = new Date();
    // The version answered: its questions and labels are what the member's result pages show later.
    const versionId = found.training.versionId;
    await tx
      .insert(quizSubmissions)
      .values({ memberId, moduleId: found.module.id, versionId, answers, score, passed, createdAt });
    found.module.lastSubmission = { answers, score, passed, createdAt, versionId };
    const outcome = await completeIfDone(tx, memberId, found.training, found.module);
    return outcome.ok ? { ...outcome, quiz, answers } : outcome;
  });
}

/**
 * A module is completed when every part is read and its quiz, if any, is passed (or answered, when
 * its author does not require the pass mark).
 */
async function completeIfDone(
  tx: Transaction,
  memberId: string,
  training: TrainingProgress,
  module: ModuleProgress,
): Promise<StepOutcome> {
  const allRead = module.content.parts.every((p) => module.readParts.has(p.slug));
  const quiz = module.content.quiz;
  const last = module.lastSubmission;
  // A quiz stored before the setting existed has none: the mark is required, as it was then.
  const quizDone = !quiz || (last !== null && (last.passed || quiz.requirePass === false));
  if (module.completed || !allRead || !quizDone) return { ok: true, moduleCompleted: false, trainingCompleted: false };
  await tx.insert(moduleCompletions).values({ memberId, moduleId: module.id }).onConflictDoNothing();
  const trainingCompleted = training.modules.every((m) => m.id === module.id || m.completed);
  if (trainingCompleted) await issueCertificate(tx, memberId, training, true);
  return { ok: true, moduleCompleted: true, trainingCompleted };
}
