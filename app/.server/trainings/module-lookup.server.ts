import { db } from "~/.server/db/client.server";
import type { Language } from "~/i18n/config";
import { answeredVersions } from "./answered-versions.server";
import { trainingOf } from "./catalogue.server";
import { moduleView } from "./views.server";

export type ModuleView = ReturnType<typeof moduleView>;

/**
 * A module as its pages show it (the module, its full video), in the member's language: missing
 * when the training or the module does not exist, locked (with the training's slug, where the
 * member goes instead) while the training is.
 */
export async function moduleOfMember(
  memberId: string,
  slugs: { training: string; module: string },
  lang: Language,
): Promise<{ found: "module"; view: ModuleView } | { found: "locked"; trainingSlug: string } | { found: "nothing" }> {
  const training = await trainingOf(db(), memberId, slugs.training);
  const module = training?.modules.find((m) => m.content.slug === slugs.module);
  if (!training || !module) return { found: "nothing" };
  if (!training.unlocked) return { found: "locked", trainingSlug: training.content.slug };
  return { found: "module", view: moduleView(training, module, lang, await answeredVersions([training])) };
}
