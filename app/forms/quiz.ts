/**
 * The selection rules of a quiz question (SPEC §5), shared by the server, which always checks,
 * and the browser, which tells the member as they choose. Messages are keys of "trainings".
 */
export type SelectionLimits = { min: number; max: number };
export type SelectionError =
  | { key: "quiz.errors.required" }
  | { key: "quiz.errors.atLeast"; count: number }
  | { key: "quiz.errors.atMost"; count: number };

export function selectionError(limits: SelectionLimits, selected: number): SelectionError | null {
  if (selected === 0) return { key: "quiz.errors.required" };
  if (selected < limits.min) return { key: "quiz.errors.atLeast", count: limits.min };
  if (selected > limits.max) return { key: "quiz.errors.atMost", count: limits.max };
  return null;
}

/** How many answers the member still has to pick before the question is complete. */
export function stillToChoose(limits: SelectionLimits, selected: number): number {
  return Math.max(0, limits.min - selected);
}

/** The form field of a question's answers: one checkbox or radio per answer, this name. */
export function answerFieldName(questionId: string) {
  return `q_${questionId}`;
}
