import { richParagraphs } from "~/content/rich-text";
import type { Language } from "~/i18n/config";
import { isGraded, type ModuleContent } from "~/content/training-schema";
import type { AnsweredVersions } from "./answered-versions.server";
import type { ModuleProgress, TrainingProgress } from "./catalogue.server";
import { moduleAnchor, resultPath, resumePath } from "./resume.server";
import { questionOutcome, reachesMark } from "./scoring.server";

/**
 * What pages receive: a training or module in the member's language, with plain values only
 * (loaders answer JSON).
 */
type Localized = { fr: string; en: string };
const l = (text: Localized, lang: Language) => text[lang];
const lines = (text: { fr: string[]; en: string[] }, lang: Language) => text[lang];

const none: AnsweredVersions = new Map();

/** The module as the member's last submission saw it (its version), or as it is today. */
function answeredModule(module: ModuleProgress, versions: AnsweredVersions): ModuleContent {
  const versionId = module.lastSubmission?.versionId;
  const version = versionId ? versions.get(versionId) : undefined;
  return version?.modules.find((m) => m.slug === module.content.slug) ?? module.content;
}

/**
 * The member's last answers in the words they read: each question of the version answered with
 * the labels they picked (a question or an answer removed since still shows). Null before any.
 */
function answersOf(module: ModuleProgress, versions: AnsweredVersions, lang: Language) {
  const last = module.lastSubmission;
  const quiz = answeredModule(module, versions).quiz;
  if (!last || !quiz) return null;
  return quiz.questions.map((question) => ({
    id: question.id,
    prompt: l(question.prompt, lang),
    picked: question.answers.filter((a) => last.answers[question.id]?.includes(a.id)).map((a) => l(a.label, lang)),
  }));
}

type Quiz = NonNullable<ModuleContent["quiz"]>;

/**
 * The review of an attempt, as Moodle's: its outcome against the pass mark ("passed", "failed", or
 * "done" when nothing is graded or there is no mark), the score, and each question marked right,
 * wrong or ungraded with the answers picked, the right ones (unless the author keeps them back)
 * and the author's feedback. `quiz` is the version answered.
 */
export function quizReview(quiz: Quiz, answers: Record<string, string[]>, lang: Language) {
  const questions = quiz.questions.map((question) => {
    const picked = answers[question.id] ?? [];
    const outcome = questionOutcome(question, picked);
    const feedback = question.feedback ? l(question.feedback, lang) : "";
    return {
      id: question.id,
      prompt: l(question.prompt, lang),
      outcome,
      picked: question.answers.filter((a) => picked.includes(a.id)).map((a) => ({ id: a.id, label: l(a.label, lang) })),
      right:
        outcome === "ungraded" || quiz.showAnswers === false
          ? null
          : question.answers.filter((a) => a.correct).map((a) => ({ id: a.id, label: l(a.label, lang) })),
      feedback: feedback || null,
    };
  });
  const graded = questions.filter((q) => q.outcome !== "ungraded");
  const right = graded.filter((q) => q.outcome === "right").length;
  const mark = isGraded(quiz) && quiz.passPercent > 0 ? quiz.passPercent : null;
  return {
    outcome:
      mark === null
        ? ("done" as const)
        : reachesMark(quiz, right, graded.length)
          ? ("passed" as const)
          : ("failed" as const),
    right,
    total: graded.length,
    passPercent: mark,
    /** How many right answers the mark asks for. */
    needed: mark === null ? null : Math.ceil((mark * graded.length) / 100),
    /** The module waits for the mark (else any complete attempt completes it). */
    requirePass: quiz.requirePass !== false,
    questions,
  };
}

export type QuizReview = ReturnType<typeof quizReview>;

export function trainingCard(training: TrainingProgress, lang: Language) {
  return {
    slug: training.content.slug,
    kind: training.content.kind,
    title: l(training.content.title, lang),
    summary: l(training.content.summary, lang),
    access: training.content.access,
    archived: training.content.archived,
    state: training.state,
    percent: training.percent,
    hours: training.hours,
    moduleCount: training.modules.length,
    actionPath: resumePath(training),
  };
}

export function moduleCard(training: TrainingProgress, module: ModuleProgress, lang: Language) {
  return {
    slug: module.content.slug,
    title: l(module.content.title, lang),
    summary: l(module.content.summary, lang),
    hours: module.content.hours,
    access: module.content.access,
    state: module.state,
    partCount: module.content.parts.length,
    hasQuiz: Boolean(module.content.quiz),
    path: `/training/${training.content.slug}/modules/${module.content.slug}`,
    /** Where on the module's page its button leads: the part to read next, its quiz, its result. */
    anchor: moduleAnchor(module),
  };
}

export function moduleView(
  training: TrainingProgress,
  module: ModuleProgress,
  lang: Language,
  versions: AnsweredVersions = none,
) {
  const index = training.modules.indexOf(module);
  const neighbour = (offset: number) => {
    const other = training.modules[index + offset];
    return other ? { slug: other.content.slug, title: l(other.content.title, lang) } : null;
  };
  const quiz = module.content.quiz;
  return {
    training: { slug: training.content.slug, title: l(training.content.title, lang), kind: training.content.kind },
    number: index + 1,
    ...moduleCard(training, module, lang),
    completed: module.completed,
    coaching: module.content.coaching,
    parts: module.content.parts.map((part) => ({
      slug: part.slug,
      kind: part.kind,
      title: l(part.title, lang),
      // The authors' formatting, parsed here: pages receive its tree, never markup.
      body: richParagraphs(lines(part.body, lang)),
      read: module.readParts.has(part.slug),
      video: part.video && {
        src: part.video.src,
        poster: part.video.poster,
        captions: part.video.captions[lang],
        transcript: richParagraphs(lines(part.video.transcript, lang)),
      },
    })),
    quiz: quiz && {
      questions: quiz.questions.map((q) => ({
        id: q.id,
        prompt: l(q.prompt, lang),
        min: q.min,
        max: q.max,
        answers: q.answers.map((a) => ({ id: a.id, label: l(a.label, lang) })),
      })),
      last: module.lastSubmission && {
        answers: module.lastSubmission.answers,
        // The version answered: its questions and labels as the member read them.
        review: quizReview(answeredModule(module, versions).quiz ?? quiz, module.lastSubmission.answers, lang),
        // The quiz changed since the member answered it: the review shows the questions they read.
        changed: JSON.stringify(answeredModule(module, versions).quiz) !== JSON.stringify(quiz),
      },
    },
    previous: neighbour(-1),
    next: neighbour(1),
    resultPath: resultPath(training),
    trainingCompleted: training.state === "completed",
  };
}

export type ModuleView = ReturnType<typeof moduleView>;

/** A test's result: each skill's score and the profile of the top one; null when not taken. */
export function testResult(training: TrainingProgress, lang: Language, versions: AnsweredVersions = none) {
  const submission = training.modules.map((m) => m.lastSubmission).find(Boolean);
  // The skills and profiles of the version the member took: their chart stays what it was.
  const taken = (submission?.versionId && versions.get(submission.versionId)) || training.content;
  const skills = taken.skills.map((skill) => ({
    id: skill.id,
    label: l(skill.label, lang),
    value: submission?.score.skills[skill.id] ?? 0,
  }));
  const top = submission ? [...skills].sort((a, b) => b.value - a.value)[0] : undefined;
  const profile = top && taken.profiles.find((p) => p.skill === top.id);
  return {
    slug: training.content.slug,
    title: l(training.content.title, lang),
    taken: Boolean(submission),
    skills,
    profile: profile ? { label: l(profile.label, lang), description: l(profile.description, lang) } : null,
    takePath: `/training/${training.content.slug}/modules/${training.modules[0].content.slug}`,
  };
}

export function trainingResult(training: TrainingProgress, lang: Language, versions: AnsweredVersions = none) {
  return {
    slug: training.content.slug,
    path: resultPath(training),
    title: l(training.content.title, lang),
    state: training.state,
    percent: training.percent,
    modules: training.modules.map((m) => ({
      slug: m.content.slug,
      title: l(m.content.title, lang),
      completed: m.completed,
      hasQuiz: Boolean(m.content.quiz),
      right: m.lastSubmission?.score.right ?? null,
      total: m.lastSubmission?.score.total ?? null,
      answers: answersOf(m, versions, lang),
    })),
  };
}
