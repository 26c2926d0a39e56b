import type { QuizScore } from "~/.server/db/schema.server";
import { selectionError, type SelectionError } from "~/forms/quiz";
import type { ModuleContent } from "~/content/training-schema";

type Quiz = NonNullable<ModuleContent["quiz"]>;

/** Each question's refusal, by question id; empty when every selection is within its limits. */
export function quizErrors(quiz: Quiz, answers: Record<string, string[]>): Record<string, SelectionError> {
  const errors: Record<string, SelectionError> = {};
  for (const question of quiz.questions) {
    const error = selectionError(question, answers[question.id]?.length ?? 0);
    if (error) errors[question.id] = error;
  }
  return errors;
}

/** Keeps, for each question, only answer ids it has (in content order, without repeats). */
export function cleanAnswers(quiz: Quiz, raw: Record<string, string[]>): Record<string, string[]> {
  const answers: Record<string, string[]> = {};
  for (const question of quiz.questions) {
    const picked = new Set(raw[question.id] ?? []);
    answers[question.id] = question.answers.filter((a) => picked.has(a.id)).map((a) => a.id);
  }
  return answers;
}

/** A question is graded when it has right answers; it is then right when exactly those are picked. */
export function questionOutcome(
  question: Quiz["questions"][number],
  picked: readonly string[],
): "right" | "wrong" | "ungraded" {
  const correct = question.answers.filter((a) => a.correct).map((a) => a.id);
  if (correct.length === 0) return "ungraded";
  const chosen = new Set(picked);
  return correct.length === chosen.size && correct.every((id) => chosen.has(id)) ? "right" : "wrong";
}

/**
 * Whether `right` of `total` graded questions reach the quiz's pass mark. Nothing graded, or no
 * mark (0, which a quiz only keeps from before marks were required), is nothing to fail.
 */
export function reachesMark(quiz: Pick<Quiz, "passPercent">, right: number, total: number): boolean {
  return total === 0 || !quiz.passPercent || 100 * right >= quiz.passPercent * total;
}

/**
 * Scores valid answers: `right` of the `total` graded questions (a question without right answers
 * is an opinion, neither right nor wrong); each skill gets its points as a share of the most the
 * quiz could give it, 0–100.
 */
export function scoreQuiz(quiz: Quiz, answers: Record<string, string[]>): { score: QuizScore; passed: boolean } {
  let right = 0;
  let total = 0;
  const points: Record<string, number> = {};
  const possible: Record<string, number> = {};
  for (const question of quiz.questions) {
    const picked = new Set(answers[question.id] ?? []);
    const outcome = questionOutcome(question, [...picked]);
    if (outcome !== "ungraded") total += 1;
    if (outcome === "right") right += 1;
    const skills = new Set(question.answers.flatMap((a) => Object.keys(a.scores ?? {})));
    for (const skill of skills) {
      const best = question.answers
        .map((a) => a.scores?.[skill] ?? 0)
        .sort((x, y) => y - x)
        .slice(0, question.max)
        .reduce((sum, p) => sum + p, 0);
      possible[skill] = (possible[skill] ?? 0) + best;
      for (const answer of question.answers)
        if (picked.has(answer.id)) points[skill] = (points[skill] ?? 0) + (answer.scores?.[skill] ?? 0);
    }
  }
  const skills: Record<string, number> = {};
  for (const [skill, max] of Object.entries(possible))
    skills[skill] = max === 0 ? 0 : Math.round((100 * (points[skill] ?? 0)) / max);
  return { score: { right, total, skills }, passed: reachesMark(quiz, right, total) };
}
