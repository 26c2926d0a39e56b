import { z } from "zod";
import { saveDraft } from "./drafts.server";
import { type DraftContent, type DraftModule, trainingBounds } from "~/content/training-schema";
import type { Language } from "~/i18n/config";
import type { QuizRefusal } from "./contract.server";
import { moved, newId } from "./ids.server";
import { draftText, revisionField } from "./training-meta.server";

/**
 * A module's quiz as an author writes it: the quiz itself (added, removed, its
 * pass mark), its questions (added, reordered, removed, each saved with its prompt, its selection
 * limits and its answers' labels, right answers or points per skill) and each question's answers
 * (added, reordered, removed). Every change is a draft save (drafts.server.ts), refused as a whole
 * when it breaks a rule.
 *
 * The rule SPEC §5 builds on — `1 ≤ min ≤ max ≤ number of answers` — holds in every draft this
 * editor saves: a new question starts with two answers and min = max = 1, a question is saved only
 * within it, and an answer cannot be removed below the maximum. Publishing then never meets a
 * maximum the author did not choose.
 */
type DraftQuiz = NonNullable<DraftModule["quiz"]>;
type DraftQuestion = DraftQuiz["questions"][number];
type Author = { id: string; lang: Language };

/** An id a form names (a question, an answer, a skill): an unknown one is refused as not found. */
export const itemId = z.string({ message: "quiz.errors.noQuestion" }).max(trainingBounds.slug);
export const direction = z.enum(["up", "down"], { message: "quiz.errors.direction" });

const limit = z.coerce
  .number({ message: "quiz.errors.limit" })
  .int({ message: "quiz.errors.limit" })
  .min(1, { message: "quiz.errors.limit" })
  .max(trainingBounds.answers, { message: "quiz.errors.limit" });
const points = z.coerce
  .number({ message: "quiz.errors.score" })
  .min(0, { message: "quiz.errors.score" })
  .max(trainingBounds.score, { message: "quiz.errors.score" });

export const addQuizSchema = z.object({ revision: revisionField });
export const removeQuizSchema = z.object({
  revision: revisionField,
  confirm: z.literal("yes", { errorMap: () => ({ message: "quiz.errors.confirmRemoveQuiz" }) }),
});
export const passMarkSchema = z.object({
  revision: revisionField,
  passPercent: z.coerce
    .number({ message: "quiz.errors.passMark" })
    .int({ message: "quiz.errors.passMark" })
    .min(1, { message: "quiz.errors.passMark" })
    .max(100, { message: "quiz.errors.passMark" }),
  requirePass: z.boolean().optional(),
  showAnswers: z.boolean().optional(),
});
export const addQuestionSchema = z.object({
  revision: revisionField,
  promptFr: draftText(trainingBounds.summary),
  promptEn: draftText(trainingBounds.summary),
});
export const questionMoveSchema = z.object({ revision: revisionField, question: itemId, direction });
export const questionRemoveSchema = z.object({ revision: revisionField, question: itemId });

/** A question with its answers, saved at once from its editor. */
export const questionSchema = z
  .object({
    revision: revisionField,
    promptFr: draftText(trainingBounds.summary),
    promptEn: draftText(trainingBounds.summary),
    feedbackFr: draftText(trainingBounds.summary),
    feedbackEn: draftText(trainingBounds.summary),
    min: limit,
    max: limit,
    answers: z
      .array(
        z.object({
          id: itemId,
          labelFr: draftText(trainingBounds.title),
          labelEn: draftText(trainingBounds.title),
          correct: z.boolean().optional(),
          scores: z
            .record(itemId, points.optional())
            .refine((scores) => Object.keys(scores).length <= trainingBounds.skills, "quiz.errors.unknownSkill")
            .optional(),
        }),
      )
      .max(trainingBounds.answers, { message: "quiz.errors.tooManyAnswers" })
      .default([]),
  })
  .superRefine((question, ctx) => {
    if (question.min > question.max) ctx.addIssue({ code: "custom", path: ["max"], message: "quiz.rule.minAboveMax" });
  });
export const addAnswerSchema = z.object({
  revision: revisionField,
  labelFr: draftText(trainingBounds.title),
  labelEn: draftText(trainingBounds.title),
});
export const answerMoveSchema = z.object({ revision: revisionField, answer: itemId, direction });
export const answerRemoveSchema = z.object({ revision: revisionField, answer: itemId });

type Refused = { refused: QuizRefusal };
type Change<Target> = (target: Target, content: DraftContent) => Refused | undefined;

function onModule(moduleSlug: string, change: Change<DraftModule>) {
  return (content: DraftContent): DraftContent | Refused => {
    const module = content.modules.find((m) => m.slug === moduleSlug);
    if (!module) return { refused: "noModule" };
    return change(module, content) ?? content;
  };
}

function onQuiz(moduleSlug: string, change: Change<DraftQuiz>) {
  return onModule(moduleSlug, (module, content) =>
    module.quiz ? change(module.quiz, content) : { refused: "noQuiz" },
  );
}

/** A change to the question `questionId` where it stands in the quiz's list. */
function onQuestionAt(
  moduleSlug: string,
  questionId: string,
  change: (quiz: DraftQuiz, index: number, content: DraftContent) => Refused | undefined,
) {
  return onQuiz(moduleSlug, (quiz, content) => {
    const index = quiz.questions.findIndex((q) => q.id === questionId);
    return index < 0 ? { refused: "noQuestion" } : change(quiz, index, content);
  });
}

function onQuestion(moduleSlug: string, questionId: string, change: Change<DraftQuestion>) {
  return onQuestionAt(moduleSlug, questionId, (quiz, index, content) => change(quiz.questions[index], content));
}

/** A change to the answer `answerId` where it stands in the question's list. */
function onAnswerAt(
  moduleSlug: string,
  questionId: string,
  answerId: string,
  change: (question: DraftQuestion, index: number) => Refused | undefined,
) {
  return onQuestion(moduleSlug, questionId, (question) => {
    const index = question.answers.findIndex((a) => a.id === answerId);
    return index < 0 ? { refused: "noAnswer" } : change(question, index);
  });
}

type Edit = (content: DraftContent) => DraftContent | Refused;

const save = (slug: string, revision: number, author: Author, edit: Edit) =>
  saveDraft<QuizRefusal>(slug, { revision, authorId: author.id, lang: author.lang }, edit);

/** A change to the quiz of `moduleSlug`, as the service pages call: the form, then who saves it. */
function quizChange<Form extends { revision: number }>(change: (moduleSlug: string, form: Form) => Edit) {
  return (slug: string, moduleSlug: string, form: Form, author: Author) =>
    save(slug, form.revision, author, change(moduleSlug, form));
}

/** A change to one question of the quiz, likewise. */
function questionChange<Form extends { revision: number }>(
  change: (moduleSlug: string, questionId: string, form: Form) => Edit,
) {
  return (slug: string, moduleSlug: string, questionId: string, form: Form, author: Author) =>
    save(slug, form.revision, author, change(moduleSlug, questionId, form));
}

/** A new quiz's pass mark: a real one, as many learning platforms start from. */
export const NEW_QUIZ_PASS_PERCENT = 70;

/**
 * Gives the module an empty quiz, with that pass mark, which the module waits for, and a review
 * that shows the right answers.
 */
export function addQuiz(slug: string, moduleSlug: string, form: z.infer<typeof addQuizSchema>, author: Author) {
  return save(
    slug,
    form.revision,
    author,
    onModule(moduleSlug, (module) => {
      if (module.quiz) return { refused: "hasQuiz" };
      module.quiz = { passPercent: NEW_QUIZ_PASS_PERCENT, requirePass: true, showAnswers: true, questions: [] };
      return undefined;
    }),
  );
}

/** Removes the module's quiz and its questions (the author confirmed it). */
export function removeQuiz(slug: string, moduleSlug: string, form: z.infer<typeof removeQuizSchema>, author: Author) {
  return save(
    slug,
    form.revision,
    author,
    onQuiz(moduleSlug, (_, content) => {
      const module = content.modules.find((m) => m.slug === moduleSlug);
      if (module) delete module.quiz;
      return undefined;
    }),
  );
}

/** The quiz's pass mark, whether the module waits for it, and whether the review shows the right answers. */
export function savePassMark(slug: string, moduleSlug: string, form: z.infer<typeof passMarkSchema>, author: Author) {
  return save(
    slug,
    form.revision,
    author,
    onQuiz(moduleSlug, (quiz) => {
      quiz.passPercent = form.passPercent;
      quiz.requirePass = Boolean(form.requirePass);
      quiz.showAnswers = Boolean(form.showAnswers);
      return undefined;
    }),
  );
}

/**
 * Adds a question at the end of the quiz, with two answers still to write and min = max = 1, so
 * the rule holds from the start. Answers the new question's id (to open its editor).
 */
export async function addQuestion(
  slug: string,
  moduleSlug: string,
  form: z.infer<typeof addQuestionSchema>,
  author: Author,
) {
  let id = "";
  const result = await save(
    slug,
    form.revision,
    author,
    onQuiz(moduleSlug, (quiz) => {
      if (quiz.questions.length >= trainingBounds.questions) return { refused: "tooManyQuestions" };
      id = newId(form.promptFr || form.promptEn, quiz.questions, "question");
      quiz.questions.push({
        id,
        prompt: { fr: form.promptFr, en: form.promptEn },
        min: 1,
        max: 1,
        answers: [1, 2].map((n) => ({ id: `answer-${n}`, label: { fr: "", en: "" } })),
      });
      return undefined;
    }),
  );
  return { result, id };
}

/**
 * Saves a question from its editor: prompt, the feedback its review shows, limits (min ≤ max, told by the schema; max ≤ its
 * answers, told here) and each answer's labels with its right-answer mark (a training) or its
 * points per skill (a test; a skill given 0 points is left out). The answers posted must be the
 * question's, in its order: its answers are added, moved and removed by their own forms.
 */
export function saveQuestion(
  slug: string,
  moduleSlug: string,
  questionId: string,
  form: z.infer<typeof questionSchema>,
  author: Author,
) {
  return save(
    slug,
    form.revision,
    author,
    onQuestion(moduleSlug, questionId, (question, content) => {
      const ids = question.answers.map((a) => a.id);
      if (ids.length !== form.answers.length || form.answers.some((a, i) => a.id !== ids[i]))
        return { refused: "answersChanged" };
      if (form.max > question.answers.length) return { refused: "maxAboveAnswers" };
      const skills = new Set(content.skills.map((s) => s.id));
      const test = content.kind === "test";
      for (const posted of form.answers)
        if (Object.keys(posted.scores ?? {}).some((id) => !skills.has(id))) return { refused: "unknownSkill" };
      question.prompt = { fr: form.promptFr, en: form.promptEn };
      if (form.feedbackFr || form.feedbackEn) question.feedback = { fr: form.feedbackFr, en: form.feedbackEn };
      else delete question.feedback;
      question.min = form.min;
      question.max = form.max;
      question.answers = question.answers.map((answer, index) => {
        const posted = form.answers[index];
        const next = { ...answer, label: { fr: posted.labelFr, en: posted.labelEn } };
        if (test) {
          const scores = Object.fromEntries(
            Object.entries(posted.scores ?? {}).filter((entry): entry is [string, number] => Boolean(entry[1])),
          );
          if (Object.keys(scores).length) next.scores = scores;
          else delete next.scores;
        } else if (posted.correct) next.correct = true;
        else delete next.correct;
        return next;
      });
      return undefined;
    }),
  );
}

export function addAnswer(
  slug: string,
  moduleSlug: string,
  questionId: string,
  form: z.infer<typeof addAnswerSchema>,
  author: Author,
) {
  return save(
    slug,
    form.revision,
    author,
    onQuestion(moduleSlug, questionId, (question) => {
      if (question.answers.length >= trainingBounds.answers) return { refused: "tooManyAnswers" };
      const id = newId(form.labelFr || form.labelEn, question.answers, "answer");
      question.answers.push({ id, label: { fr: form.labelFr, en: form.labelEn } });
      return undefined;
    }),
  );
}

export const moveQuestion = quizChange((moduleSlug, form: z.infer<typeof questionMoveSchema>) =>
  onQuestionAt(moduleSlug, form.question, (quiz, index) => {
    quiz.questions = moved(quiz.questions, index, form.direction);
    return undefined;
  }),
);

export const removeQuestion = quizChange((moduleSlug, form: z.infer<typeof questionRemoveSchema>) =>
  onQuestionAt(moduleSlug, form.question, (quiz, index) => {
    quiz.questions.splice(index, 1);
    return undefined;
  }),
);

export const moveAnswer = questionChange((moduleSlug, questionId, form: z.infer<typeof answerMoveSchema>) =>
  onAnswerAt(moduleSlug, questionId, form.answer, (question, index) => {
    question.answers = moved(question.answers, index, form.direction);
    return undefined;
  }),
);

/** Removes an answer, refused when fewer answers would be left than the question lets members choose. */
export const removeAnswer = questionChange((moduleSlug, questionId, form: z.infer<typeof answerRemoveSchema>) =>
  onAnswerAt(moduleSlug, questionId, form.answer, (question, index) => {
    if (question.answers.length - 1 < question.max) return { refused: "removeBelowMax" };
    question.answers.splice(index, 1);
    return undefined;
  }),
);
