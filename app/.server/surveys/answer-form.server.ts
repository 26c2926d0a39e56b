import { z } from "zod";
import type { SurveyQuestion } from "~/.server/db/schema.server";

/**
 * The answer form of a private survey link: for each question a score from 1 to 5
 * (`score_<id>`) and an optional comment (`comment_<id>`). Messages are "team:" keys.
 */
export function answerSchema(questions: SurveyQuestion[]) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const question of questions) {
    shape[`score_${question.id}`] = z.coerce
      .number({ required_error: "team:errors.scoreRequired", invalid_type_error: "team:errors.scoreRequired" })
      .int("team:errors.scoreRequired")
      .min(1, "team:errors.scoreRequired")
      .max(5, "team:errors.scoreRequired");
    shape[`comment_${question.id}`] = z.string().trim().max(1000, "team:errors.tooLong").default("");
  }
  return z.object(shape);
}

/** The parsed form as the service stores it: `{ [questionId]: { score, comment } }`. */
export function answersOf(value: Record<string, unknown>, questions: SurveyQuestion[]) {
  return Object.fromEntries(
    questions.map((question) => [
      question.id,
      { score: value[`score_${question.id}`] as number, comment: value[`comment_${question.id}`] as string },
    ]),
  );
}
