import { db } from "~/.server/db/client.server";
import { trainingOf, trainingsOf } from "~/.server/trainings/catalogue.server";
import { moduleCard, moduleView, trainingCard } from "~/.server/trainings/views.server";
import type { Language } from "~/i18n/config";

/** The trainings API's answers, built from the same views as the pages. */
export async function trainingsAnswerOf(memberId: string, lang: Language) {
  return { trainings: (await trainingsOf(memberId, { archived: false })).map((t) => trainingCard(t, lang)) };
}

export async function trainingAnswerOf(memberId: string, slug: string, lang: Language) {
  const training = await trainingOf(db(), memberId, slug);
  if (!training) return null;
  return {
    training: trainingCard(training, lang),
    modules: training.modules.map((module) => {
      const view = moduleView(training, module, lang);
      return {
        ...moduleCard(training, module, lang),
        parts: view.parts.map(({ slug: part, kind, title, read }) => ({ slug: part, kind, title, read })),
        // A locked training shows its outline, not its questions.
        quiz: view.quiz && training.unlocked ? { questions: view.quiz.questions } : null,
      };
    }),
  };
}
