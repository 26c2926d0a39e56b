import { db } from "~/.server/db/client.server";
import type { Language } from "~/i18n/config";
import { answeredVersions } from "./answered-versions.server";
import { trainingOf, trainingsOf } from "./catalogue.server";
import { testResult, trainingResult } from "./views.server";

/** The life areas test: /result draws its skills as a radar. */
export const LIFE_GPS_TEST = "gps-de-ma-vie";

/** The two tests SPEC §2 names ("what kind of captain am I", "the GPS of my life"): offered until taken. */
export const NAMED_TESTS: readonly string[] = ["capitaine", LIFE_GPS_TEST];

/** Every test's skills and every started training's scores (/result). */
export async function allResults(memberId: string, lang: Language) {
  const all = await trainingsOf(memberId, { archived: false });
  const versions = await answeredVersions(all);
  return {
    tests: all.filter((t) => t.content.kind === "test").map((t) => testResult(t, lang, versions)),
    trainings: all
      .filter((t) => t.content.kind === "training" && t.state !== "not_started" && t.state !== "locked")
      .map((t) => trainingResult(t, lang, versions)),
  };
}

/**
 * One training's or test's result for the member (the /training_results/{slug}/… pages): a
 * training's module scores, a test's skills; null for a slug that is neither.
 */
export async function resultOf(memberId: string, slug: string, lang: Language) {
  const training = await trainingOf(db(), memberId, slug);
  if (!training) return null;
  const versions = await answeredVersions([training]);
  return training.content.kind === "test"
    ? { kind: "test" as const, ...testResult(training, lang, versions) }
    : { kind: "training" as const, ...trainingResult(training, lang, versions) };
}

export type MemberResult = NonNullable<Awaited<ReturnType<typeof resultOf>>>;
