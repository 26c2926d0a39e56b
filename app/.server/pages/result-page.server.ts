import { requireMember } from "~/.server/auth/guard.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { trainingResultOf } from "~/.server/trainings/results.server";

/** The loader of the three routes that show one training's results (guard, data, 404). */
export async function trainingResultsPage(request: Request, slug: string) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const result = await trainingResultOf(member.id, slug, lang);
  if (!result) notFound(request);
  const t = await translator(lang, "trainings");
  return { title: t("results.trainingTitle", { training: result.title }), result };
}
