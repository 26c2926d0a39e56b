import { type QuizRefusal, quizRefusals } from "~/.server/authoring/contract.server";
import type { Draft } from "~/.server/authoring/drafts.server";
import {
  addQuestion,
  addQuestionSchema,
  addQuiz,
  addQuizSchema,
  moveQuestion,
  NEW_QUIZ_PASS_PERCENT,
  passMarkSchema,
  questionMoveSchema,
  questionRemoveSchema,
  removeQuestion,
  removeQuiz,
  removeQuizSchema,
  savePassMark,
} from "~/.server/authoring/quiz.server";
import { type DraftModule, isGraded } from "~/content/training-schema";
import type { Language } from "~/i18n/config";
import { draftListPosts } from "~/routes/_default.author/draft-change-post.server";

export const SAVED = ["quizAdded", "quizRemoved", "passMark", "questionMoved", "questionRemoved"] as const;
export const INTENTS = ["addQuiz", "removeQuiz", "passMark", "addQuestion", "moveQuestion", "removeQuestion"] as const;

/** What the quiz's page shows: its pass mark and its questions with their limits and answers' counts. */
export function quizPage(draft: Draft, module: DraftModule) {
  return {
    slug: draft.slug,
    kind: draft.content.kind,
    revision: draft.revision,
    module: { slug: module.slug, title: module.title },
    quiz: module.quiz
      ? {
          // A quiz kept from before marks were required has none (0): the form offers the new quiz's.
          passPercent: module.quiz.passPercent || NEW_QUIZ_PASS_PERCENT,
          markMissing: isGraded(module.quiz) && !module.quiz.passPercent,
          requirePass: module.quiz.requirePass !== false,
          showAnswers: module.quiz.showAnswers !== false,
          questions: module.quiz.questions.map((question) => ({
            id: question.id,
            prompt: question.prompt,
            min: question.min,
            max: question.max,
            answers: question.answers.length,
            right: question.answers.filter((answer) => answer.correct).length,
          })),
        }
      : null,
  };
}

/** One post of the quiz's page, by its intent; a new question opens in its own editor. */
export function postQuizChange(
  intent: (typeof INTENTS)[number],
  formData: FormData,
  slug: string,
  moduleSlug: string,
  author: { id: string; lang: Language },
) {
  const page = `/author/trainings/${slug}/modules/${moduleSlug}/quiz`;
  const post = draftListPosts(formData, page, (refusal: QuizRefusal) => quizRefusals[refusal]);
  switch (intent) {
    case "addQuiz":
      return post(addQuizSchema, "quizAdded", (value) => addQuiz(slug, moduleSlug, value, author));
    case "removeQuiz":
      return post(removeQuizSchema, "quizRemoved", (value) => removeQuiz(slug, moduleSlug, value, author));
    case "passMark":
      return post(passMarkSchema, "passMark", (value) => savePassMark(slug, moduleSlug, value, author));
    case "addQuestion":
      return post(addQuestionSchema, "questionAdded", async (value) => {
        const { result, id } = await addQuestion(slug, moduleSlug, value, author);
        return { result, page: `${page}/${id}` };
      });
    case "moveQuestion":
      return post(questionMoveSchema, "questionMoved", (value) => moveQuestion(slug, moduleSlug, value, author));
    case "removeQuestion":
      return post(questionRemoveSchema, "questionRemoved", (value) => removeQuestion(slug, moduleSlug, value, author));
  }
}
