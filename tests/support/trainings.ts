import { readTrainingFiles } from "~/.server/trainings/seed.server";
import type { ModuleContent } from "~/content/training-schema";
import { action as moduleAction } from "~/routes/_default.training.$training_slug.modules.$module_slug";
import type { TestMember } from "./accounts";
import { buildRequest, callWith } from "./http";

/** The seeded trainings' content (app/content/trainings), by slug. */
export const seededContent = Object.fromEntries(readTrainingFiles().map((file) => [file.content.slug, file.content]));

/**
 * Answers within every question's limits of a module's quiz, by question id: the right ones where
 * they fit, else the first ones the question allows (`pick: "last"`: the last ones).
 */
export function validAnswers(module: Pick<ModuleContent, "quiz">, pick: "first" | "last" = "first") {
  return Object.fromEntries(
    module.quiz!.questions.map((q) => {
      const answers = pick === "first" ? q.answers : [...q.answers].reverse();
      const right = q.answers.filter((a) => a.correct);
      const chosen = right.length >= q.min && right.length <= q.max ? right : answers.slice(0, q.min);
      return [q.id, chosen.map((a) => a.id)];
    }),
  );
}

/**
 * Goes through a seeded training as a member does, with the module page's forms: reads every part
 * of its first `modules` modules (all by default) and answers each quiz (validAnswers).
 */
export async function completeTraining(
  member: TestMember,
  slug: string,
  { modules = seededContent[slug].modules.length, pick = "first" }: { modules?: number; pick?: "first" | "last" } = {},
) {
  for (const module of seededContent[slug].modules.slice(0, modules)) {
    const params = { training_slug: slug, module_slug: module.slug };
    const path = `/training/${slug}/modules/${module.slug}`;
    for (const part of module.parts) {
      await callWith(
        moduleAction,
        buildRequest(path, { form: { intent: "read", part: part.slug }, cookie: member.cookie }),
        { params },
      );
    }
    if (!module.quiz) continue;
    const form: Record<string, string[]> = { intent: ["quiz"] };
    for (const [question, ids] of Object.entries(validAnswers(module, pick))) form[`q_${question}`] = ids;
    await callWith(moduleAction, buildRequest(path, { form, cookie: member.cookie }), { params });
  }
}
