import { refusals } from "~/.server/contract/refusal-table.server";

/**
 * The author space's refusals: each code a service of authoring answers, and how it is told (a
 * message key of "author", the status, the field it stands under). The pages read these tables;
 * the services name only the codes.
 */

/** Any draft save: gone, read before someone else's save (it offers to reload), or not a valid draft. */
export const draftRefusals = refusals("author", {
  notFound: { status: 404, field: null, message: "errors.notFound" },
  stale: { status: 409, field: null, message: "errors.stale" },
  invalid: { status: 422, field: null, message: "errors.invalid" },
});

export const createRefusals = refusals("author", {
  taken: { status: 409, field: "slug", message: "create.errors.taken" },
});

export type ModuleRefusal =
  | "slugRequired"
  | "slugTaken"
  | "tooManyModules"
  | "moduleGone"
  | "tooManyParts"
  | "partSlugTaken"
  | "partGone"
  | "notVideo";

/** The outline's edits: modules and their parts. */
export const moduleRefusals = refusals<ModuleRefusal>("author", {
  slugRequired: { status: 422, field: "slug", message: "modules.errors.slugRequired" },
  slugTaken: { status: 409, field: "slug", message: "modules.errors.slugTaken" },
  tooManyModules: { status: 422, field: null, message: "modules.errors.tooManyModules" },
  moduleGone: { status: 404, field: null, message: "modules.errors.moduleGone" },
  tooManyParts: { status: 422, field: null, message: "modules.errors.tooManyParts" },
  partSlugTaken: { status: 409, field: "slug", message: "modules.errors.partSlugTaken" },
  partGone: { status: 404, field: null, message: "modules.errors.partGone" },
  notVideo: { status: 422, field: null, message: "parts.errors.notVideo" },
});

export type MediaError =
  | "missing"
  | "videoTooLarge"
  | "notAVideo"
  | "posterTooLarge"
  | "notAnImage"
  | "unreadable"
  | "tooManyPixels"
  | "tooManyUploads";

/** A video part's files. */
export const mediaRefusals = refusals<MediaError>("author", {
  missing: { status: 422, field: "file", message: "media.errors.missing" },
  videoTooLarge: { status: 413, field: "file", message: "media.errors.videoTooLarge" },
  notAVideo: { status: 415, field: "file", message: "media.errors.notAVideo" },
  posterTooLarge: { status: 413, field: "file", message: "media.errors.posterTooLarge" },
  notAnImage: { status: 415, field: "file", message: "media.errors.notAnImage" },
  unreadable: { status: 422, field: "file", message: "media.errors.unreadable" },
  tooManyPixels: { status: 422, field: "file", message: "media.errors.tooManyPixels" },
  tooManyUploads: { status: 429, field: "file", message: "media.errors.tooManyUploads" },
});

export type QuizRefusal =
  | "noModule"
  | "noQuiz"
  | "hasQuiz"
  | "noQuestion"
  | "noAnswer"
  | "tooManyQuestions"
  | "tooManyAnswers"
  | "maxAboveAnswers"
  | "removeBelowMax"
  | "answersChanged"
  | "unknownSkill";

/**
 * A quiz, its questions and answers. The rule's messages name numbers the page knows (the limits
 * typed, the question's answers): it passes them to the message (quiz-forms.tsx).
 */
export const quizRefusals = refusals<QuizRefusal>("author", {
  noModule: { status: 404, field: null, message: "quiz.errors.noModule" },
  noQuiz: { status: 404, field: null, message: "quiz.errors.noQuiz" },
  hasQuiz: { status: 409, field: null, message: "quiz.errors.hasQuiz" },
  noQuestion: { status: 404, field: null, message: "quiz.errors.noQuestion" },
  noAnswer: { status: 404, field: null, message: "quiz.errors.noAnswer" },
  tooManyQuestions: { status: 422, field: null, message: "quiz.errors.tooManyQuestions" },
  tooManyAnswers: { status: 422, field: null, message: "quiz.errors.tooManyAnswers" },
  maxAboveAnswers: { status: 422, field: "max", message: "quiz.rule.maxAboveAnswers" },
  removeBelowMax: { status: 422, field: "answer", message: "quiz.rule.removeBelowMax" },
  answersChanged: { status: 400, field: null, message: "quiz.errors.answersChanged" },
  unknownSkill: { status: 400, field: null, message: "quiz.errors.unknownSkill" },
});

export type SkillRefusal =
  | "noSkill"
  | "noProfile"
  | "tooManySkills"
  | "tooManyProfiles"
  | "skillInProfiles"
  | "skillScored"
  | "unknownSkill";

/** A test's skills and profiles; the messages that name numbers (profiles, answers) take them from the page. */
export const skillRefusals = refusals<SkillRefusal>("author", {
  noSkill: { status: 404, field: null, message: "skills.errors.noSkill" },
  noProfile: { status: 404, field: null, message: "skills.errors.noProfile" },
  tooManySkills: { status: 422, field: null, message: "skills.errors.tooManySkills" },
  tooManyProfiles: { status: 422, field: null, message: "skills.errors.tooManyProfiles" },
  skillInProfiles: { status: 409, field: "skill", message: "skills.errors.skillInProfiles" },
  skillScored: { status: 409, field: "dropPoints", message: "skills.errors.skillScored" },
  unknownSkill: { status: 422, field: "skill", message: "skills.errors.unknownSkill" },
});

export type PublishRefusal = "notFound" | "stale" | "incomplete" | "current" | "unchanged";

/** Publishing a draft, or an earlier version again. */
export const publishRefusals = refusals<PublishRefusal>("author", {
  notFound: { status: 404, field: null, message: "errors.notFound" },
  stale: { status: 409, field: null, message: "errors.stale" },
  incomplete: { status: 422, field: null, message: "publish.incomplete" },
  current: { status: 409, field: null, message: "history.current" },
  unchanged: { status: 409, field: null, message: "publish.nothingToPublish" },
});

export type RetireRefusal = "notFound" | "stale" | "notPublished";

/** Retiring a published training, or restoring it. */
export const retireRefusals = refusals<RetireRefusal>("author", {
  notFound: { status: 404, field: null, message: "errors.notFound" },
  stale: { status: 409, field: null, message: "errors.stale" },
  notPublished: { status: 409, field: null, message: "retire.errors.notPublished" },
});
