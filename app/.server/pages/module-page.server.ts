import { redirect } from "@remix-run/node";
import { requireMember } from "~/.server/auth/guard.server";
import { db } from "~/.server/db/client.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { trainingOf } from "~/.server/trainings/catalogue.server";
import { moduleView } from "~/.server/trainings/views.server";

/**
 * The loaders of a module's pages (the module, its full video): the guard, then the module in the
 * member's language; 404 when it does not exist, the training page while the training is locked.
 */
export async function modulePage(request: Request, params: { training_slug?: string; module_slug?: string }) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const training = await trainingOf(db(), member.id, params.training_slug ?? "");
  const module = training?.modules.find((m) => m.content.slug === params.module_slug);
  if (!training || !module) notFound(request);
  if (!training.unlocked) throw redirect(`/training/${training.content.slug}`);
  return moduleView(training, module, lang);
}
