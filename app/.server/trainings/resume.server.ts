import type { Executor } from "~/.server/db/client.server";
import { trainingOf, type ModuleProgress, type TrainingProgress, type TrainingState } from "./catalogue.server";

/**
 * Where a member's buttons lead in a training: "continue" takes them back exactly
 * where they stopped (the first unread part of the first unfinished module, or its quiz), a
 * finished module to its result, a finished training to its result page.
 */

/** The trainings SPEC §2 gives a results page of their own: /training_results/j-embarque and …/le_point_gps. */
const namedResultPages: Record<string, string> = {
  "j-embarque": "/training_results/j-embarque",
  "le-point-gps": "/training_results/le_point_gps",
};

/** Where "see my result" leads for a training or a test. */
export function resultPath(training: TrainingProgress) {
  const slug = training.content.slug;
  if (training.content.kind === "test") {
    return slug === "gps-de-ma-vie" ? `/training_results/${slug}/my_life_gps` : `/result#${slug}`;
  }
  return namedResultPages[slug] ?? `/training_results/${slug}/j-embarque`;
}

/** The first part of the module the member has not read, while the module is not completed. */
function firstUnreadPart(module: ModuleProgress) {
  if (module.completed) return null;
  return module.content.parts.find((part) => !module.readParts.has(part.slug)) ?? null;
}

/**
 * Where on its page a module picks up (the ids the module page gives its sections): its first
 * unread part, else its quiz until passed; once completed, its quiz's result, or the "module
 * completed" note of a module without a quiz.
 */
export function moduleAnchor(module: ModuleProgress): string {
  const part = firstUnreadPart(module);
  if (part) return `#part-${part.slug}`;
  if (module.content.quiz) return "#quiz";
  return module.completed ? "#completed" : "";
}

function modulePath(training: TrainingProgress, module: ModuleProgress) {
  return `/training/${training.content.slug}/modules/${module.content.slug}`;
}

/**
 * Where the training's button leads in its state (SPEC §4): unlock, start at the first module's
 * top, continue exactly where the member stopped, or the result.
 */
export function resumePath(training: TrainingProgress): string {
  if (training.state === "locked") return "/trainings#unlock";
  if (training.state === "completed") return resultPath(training);
  const path = modulePath(training, training.nextModule);
  return training.state === "not_started" ? path : `${path}${moduleAnchor(training.nextModule)}`;
}

type Localized = { fr: string; en: string };

/** Where to resume a training, with the words to name it (a mail, a page): see resumeTarget. */
export type ResumeTarget = {
  training: { slug: string; title: Localized };
  state: TrainingState;
  /** A path on our origin, anchor included: what "continue" leads to. */
  path: string;
  /** The module and part it leads into; null for a result, the unlock form, or a quiz (part). */
  module: { slug: string; title: Localized } | null;
  part: { slug: string; title: Localized } | null;
};

/**
 * Where the member resumes the training `trainingSlug` (null when they cannot see it): the page the
 * training page, the overview and the trainings list lead to, for other services (the weekly digest)
 * to link to the very part.
 */
export async function resumeTarget(
  executor: Executor,
  memberId: string,
  trainingSlug: string,
): Promise<ResumeTarget | null> {
  const training = await trainingOf(executor, memberId, trainingSlug);
  if (!training) return null;
  const ongoing = training.state === "in_progress" || training.state === "not_started";
  const module = ongoing ? training.nextModule : null;
  const part = module ? (firstUnreadPart(module) ?? null) : null;
  return {
    training: { slug: training.content.slug, title: training.content.title },
    state: training.state,
    path: resumePath(training),
    module: module && { slug: module.content.slug, title: module.content.title },
    part: part && { slug: part.slug, title: part.title },
  };
}
