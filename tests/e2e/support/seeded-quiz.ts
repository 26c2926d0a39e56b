import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { TrainingContent } from "../../../app/content/training-schema";

/** A seeded training as its file says it (app/content/trainings). */
export function seededTraining(slug: string): TrainingContent {
  return JSON.parse(readFileSync(`app/content/trainings/${slug}.json`, "utf8"));
}

type Module = TrainingContent["modules"][number];

/** A module's right answers by question id; a question without right answers gets its first `min`. */
export function rightAnswers(module: Module): Record<string, string[]> {
  return Object.fromEntries(
    (module.quiz?.questions ?? []).map((q) => {
      const right = q.answers.filter((a) => a.correct);
      return [q.id, (right.length ? right : q.answers.slice(0, q.min)).map((a) => a.id)];
    }),
  );
}

/** Ticks exactly the right answers of every question on the module's page. */
export async function pickRightAnswers(page: Page, module: Module) {
  await page.waitForLoadState("load");
  for (const question of module.quiz?.questions ?? []) {
    const picked = rightAnswers(module)[question.id];
    for (const answer of question.answers) {
      const input = page.locator(`input[name="q_${question.id}"][value="${answer.id}"]`);
      if (picked.includes(answer.id)) await input.check();
      else if (question.max > 1) await input.uncheck();
    }
  }
}
