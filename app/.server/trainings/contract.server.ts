import { z } from "zod";
import { db } from "~/.server/db/client.server";
import { refusals } from "~/.server/contract/refusal-table.server";
import type { SelectionError } from "~/forms/quiz";
import type { Language } from "~/i18n/config";
import { answeredVersions } from "./answered-versions.server";
import { trainingOf, trainingsOf } from "./catalogue.server";
import { moduleCard, moduleView, trainingCard } from "./views.server";

/**
 * The trainings' contract: the JSON API's bodies and answers (the routes parse and answer with
 * them, /api/openapi.json is generated from them) and how each refusal is told.
 */
const trainingState = z.enum(["locked", "not_started", "in_progress", "completed"]);

export const trainingCardAnswer = z.object({
  slug: z.string(),
  kind: z.enum(["training", "test"]),
  title: z.string(),
  summary: z.string(),
  access: z.enum(["free", "payable"]),
  archived: z.boolean(),
  state: trainingState,
  percent: z.number().int().min(0).max(100),
  hours: z.number(),
  moduleCount: z.number().int(),
  actionPath: z.string(),
});

export const trainingsAnswer = z.object({ trainings: z.array(trainingCardAnswer) });

const reviewedAnswer = z.object({ id: z.string(), label: z.string() });

/** The review of an attempt, as the module page shows it (views.server.ts quizReview). */
export const quizReviewAnswer = z.object({
  outcome: z.enum(["passed", "failed", "done"]),
  right: z.number().int(),
  total: z.number().int(),
  passPercent: z.number().int().nullable(),
  needed: z.number().int().nullable(),
  requirePass: z.boolean(),
  questions: z.array(
    z.object({
      id: z.string(),
      prompt: z.string(),
      outcome: z.enum(["right", "wrong", "ungraded"]),
      picked: z.array(reviewedAnswer),
      /** The right answers; null for an ungraded question or when the author keeps them back. */
      right: z.array(reviewedAnswer).nullable(),
      feedback: z.string().nullable(),
    }),
  ),
});

export const trainingAnswer = z.object({
  training: trainingCardAnswer,
  modules: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      summary: z.string(),
      hours: z.number(),
      access: z.enum(["free", "payable"]),
      state: trainingState,
      partCount: z.number().int(),
      hasQuiz: z.boolean(),
      path: z.string(),
      /** Where on the module's page its button leads: `#part-<slug>`, `#quiz`, `#completed` or "". */
      anchor: z.string(),
      parts: z.array(
        z.object({
          slug: z.string(),
          kind: z.enum(["text", "video", "exercise"]),
          title: z.string(),
          read: z.boolean(),
        }),
      ),
      quiz: z
        .object({
          questions: z.array(
            z.object({
              id: z.string(),
              prompt: z.string(),
              min: z.number().int(),
              max: z.number().int(),
              answers: z.array(z.object({ id: z.string(), label: z.string() })),
            }),
          ),
          /** The review of the member's last attempt; null before any. */
          review: quizReviewAnswer.nullable(),
        })
        .nullable(),
    }),
  ),
});

export const stepAnswer = z.object({ moduleCompleted: z.boolean(), trainingCompleted: z.boolean() });

/** A quiz submitted: the step's outcome and the attempt's review. */
export const quizAnswer = stepAnswer.extend({ review: quizReviewAnswer });

export const quizBody = z.object({
  answers: z.record(z.string(), z.array(z.string()), { required_error: "errors.invalidRequest" }),
});

/** The trainings API's answers, built from the same views as the pages. */
export async function trainingsAnswerOf(memberId: string, lang: Language) {
  return { trainings: (await trainingsOf(memberId, { archived: false })).map((t) => trainingCard(t, lang)) };
}

export async function trainingAnswerOf(memberId: string, slug: string, lang: Language) {
  const training = await trainingOf(db(), memberId, slug);
  if (!training) return null;
  const versions = await answeredVersions([training]);
  return {
    training: trainingCard(training, lang),
    modules: training.modules.map((module) => {
      const view = moduleView(training, module, lang, versions);
      return {
        ...moduleCard(training, module, lang),
        parts: view.parts.map(({ slug: part, kind, title, read }) => ({ slug: part, kind, title, read })),
        // A locked training shows its outline, not its questions.
        quiz:
          view.quiz && training.unlocked
            ? { questions: view.quiz.questions, review: view.quiz.last?.review ?? null }
            : null,
      };
    }),
  };
}

// --- Refusals --------------------------------------------------------------------------------------

/** A part read or a quiz the training's state refuses. Messages are keys of "auth". */
export const stepRefusals = refusals("auth", {
  locked: { status: 403, field: null, message: "errors.locked" },
  notFound: { status: 404, field: null, message: "errors.notFound" },
});

/** A quiz whose selections break their questions' limits: each question's message under its id (keys of "trainings"). */
export function quizRefusal(errors: Record<string, SelectionError>) {
  const fields = Object.fromEntries(
    Object.entries(errors).map(([question, error]) => [
      question,
      [{ key: `trainings:${error.key}`, count: "count" in error ? error.count : undefined }],
    ]),
  );
  return { base: ["errors.quizRefused"], fields };
}
