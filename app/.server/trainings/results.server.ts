import { db } from "~/.server/db/client.server";
import type { Language } from "~/i18n/config";
import { trainingOf, trainingsOf } from "./catalogue.server";
import { testResult, trainingResult } from "./views.server";

/** The life areas test, shown as a radar wherever a "my_life_gps" result is asked for. */
export const LIFE_GPS_TEST = "gps-de-ma-vie";

/** Every test's skills and every started training's scores (/result). */
export async function allResults(memberId: string, lang: Language) {
  const all = await trainingsOf(memberId, { archived: false });
  return {
    tests: all.filter((t) => t.content.kind === "test").map((t) => testResult(t, lang)),
    trainings: all
      .filter((t) => t.content.kind === "training" && t.state !== "not_started" && t.state !== "locked")
      .map((t) => trainingResult(t, lang)),
  };
}

export async function trainingResultOf(memberId: string, slug: string, lang: Language) {
  const training = await trainingOf(db(), memberId, slug);
  return training && training.content.kind === "training" ? trainingResult(training, lang) : null;
}

export async function lifeGpsResultOf(memberId: string, lang: Language) {
  const test = await trainingOf(db(), memberId, LIFE_GPS_TEST);
  return test ? testResult(test, lang) : null;
}
