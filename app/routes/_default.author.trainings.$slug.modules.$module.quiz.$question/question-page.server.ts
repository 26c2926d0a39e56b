import { type QuizRefusal, quizRefusals } from "~/.server/authoring/contract.server";
import type { Draft } from "~/.server/authoring/drafts.server";
import {
  addAnswer,
  addAnswerSchema,
  answerMoveSchema,
  answerRemoveSchema,
  moveAnswer,
  questionSchema,
  removeAnswer,
  saveQuestion,
} from "~/.server/authoring/quiz.server";
import type { DraftModule } from "~/content/training-schema";
import type { Language } from "~/i18n/config";
import { draftListPosts } from "~/routes/_default.author/draft-change-post.server";

export const SAVED = ["questionAdded", "question", "answerAdded", "answerMoved", "answerRemoved"] as const;
export const INTENTS = ["question", "addAnswer", "moveAnswer", "removeAnswer"] as const;

/** What the question's page shows: its place in the quiz, its limits, its answers as the form holds them. */
export function questionPage(draft: Draft, module: DraftModule, index: number, lang: Language) {
  const questions = module.quiz?.questions ?? [];
  const question = questions[index];
  const test = draft.content.kind === "test";
  return {
    slug: draft.slug,
    kind: draft.content.kind,
    revision: draft.revision,
    module: { slug: module.slug, title: module.title },
    number: index + 1,
    total: questions.length,
    question: { id: question.id, min: question.min, max: question.max },
    answers: question.answers.map((answer) => ({ id: answer.id, label: answer.label })),
    skills: test ? draft.content.skills.map((skill) => ({ id: skill.id, label: skill.label[lang] || skill.id })) : [],
    values: {
      promptFr: question.prompt.fr,
      promptEn: question.prompt.en,
      feedbackFr: question.feedback?.fr ?? "",
      feedbackEn: question.feedback?.en ?? "",
      min: String(question.min),
      max: String(question.max),
      answers: question.answers.map((answer) => ({
        id: answer.id,
        labelFr: answer.label.fr,
        labelEn: answer.label.en,
        correct: answer.correct ? "on" : undefined,
        scores: Object.fromEntries(
          Object.entries(answer.scores ?? {}).map(([skill, points]) => [skill, String(points)]),
        ),
      })),
    },
  };
}

/** One post of the question's page, by its intent: the question saved, or an answer added, moved, removed. */
export function postQuestionChange(
  intent: (typeof INTENTS)[number],
  formData: FormData,
  where: { slug: string; moduleSlug: string; questionId: string },
  author: { id: string; lang: Language },
) {
  const { slug, moduleSlug, questionId } = where;
  const page = `/author/trainings/${slug}/modules/${moduleSlug}/quiz/${questionId}`;
  const post = draftListPosts(formData, page, (refusal: QuizRefusal) => quizRefusals[refusal]);
  switch (intent) {
    case "question":
      return post(questionSchema, "question", (value) => saveQuestion(slug, moduleSlug, questionId, value, author));
    case "addAnswer":
      return post(addAnswerSchema, "answerAdded", (value) => addAnswer(slug, moduleSlug, questionId, value, author));
    case "moveAnswer":
      return post(answerMoveSchema, "answerMoved", (value) => moveAnswer(slug, moduleSlug, questionId, value, author));
    case "removeAnswer":
      return post(answerRemoveSchema, "answerRemoved", (value) =>
        removeAnswer(slug, moduleSlug, questionId, value, author),
      );
  }
}
