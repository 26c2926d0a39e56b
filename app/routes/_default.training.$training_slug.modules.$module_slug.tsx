import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { intentOf, refuse, refuseUnknownIntent, replyOf } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { moduleOfMember } from "~/.server/trainings/module-lookup.server";
import { markPartRead, submitQuiz, type QuizOutcome, type StepOutcome } from "~/.server/trainings/progress.server";
import { titleMeta } from "~/components/document/page-title";
import { ModulePageBody } from "~/components/presentational/module-page-body";
import { answerFieldName } from "~/forms/quiz";

export const meta = titleMeta;

/** /training/{training_slug}/modules/{module_slug}: the parts, "I've read", the quiz, next. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const slugs = { training: params.training_slug ?? "", module: params.module_slug ?? "" };
  const found = await moduleOfMember(member.id, slugs, await localeOf(request));
  if (found.found === "nothing") notFound(request);
  if (found.found === "locked") throw redirect(`/training/${found.trainingSlug}`);
  const { view } = found;
  return { title: view.title, module: view };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const trainingSlug = params.training_slug ?? "";
  const moduleSlug = params.module_slug ?? "";
  const here = `/training/${trainingSlug}/modules/${moduleSlug}`;
  const form = await request.formData();
  const intent = intentOf(form, ["read", "quiz"]);
  if (!intent) return refuseUnknownIntent();

  if (intent === "read") {
    const part = String(form.get("part") ?? "");
    return after(
      request,
      await markPartRead(member.id, trainingSlug, moduleSlug, part),
      `${here}#part-${part}`,
      trainingSlug,
    );
  }

  // The quiz: every field q_<question> carries the picked answer ids.
  // Keyed by the caller's field names (`q___proto__`): no prototype to set or inherit from.
  const raw: Record<string, string[]> = Object.create(null);
  for (const name of new Set(form.keys())) {
    if (name.startsWith("q_")) raw[name.slice(2)] = form.getAll(name).map(String);
  }
  const outcome = await submitQuiz(member.id, trainingSlug, moduleSlug, raw);
  if (!outcome.ok && outcome.error === "refused") {
    return refuse(quizReply(outcome));
  }
  return after(request, outcome, `${here}?quiz=done#quiz`, trainingSlug);
}

/**
 * The quiz refused, as conform's reply: the member's answers as the service kept them (ids the
 * question does not have left out) under `q_<question>`, each question's message (a key of
 * "trainings"; the page adds the question's number) under its field, "quiz.refused" over the form.
 */
function quizReply(outcome: Extract<QuizOutcome, { error: "refused" }>) {
  const values: Record<string, string | string[]> = { intent: "quiz" };
  for (const [question, answers] of Object.entries(outcome.answers)) values[answerFieldName(question)] = answers;
  const fieldErrors = Object.fromEntries(
    Object.entries(outcome.errors).map(([question, error]) => [answerFieldName(question), [error.key]]),
  );
  return replyOf({ values, fieldErrors, formErrors: ["quiz.refused"] });
}

/** Where a step leads: on, or to the congratulation page when the training just ended. */
function after(request: Request, outcome: StepOutcome, next: string, trainingSlug: string) {
  if (!outcome.ok) {
    if (outcome.error === "locked") throw redirect(`/training/${trainingSlug}`, 303);
    notFound(request);
  }
  if (outcome.trainingCompleted) throw redirect(`/training/${trainingSlug}/congratulations`, 303);
  throw redirect(next, 303);
}

export default function ModulePage() {
  const { module } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const base = `/training/${module.training.slug}/modules`;
  return (
    <ModulePageBody
      module={module}
      reply={reply}
      links={{
        training: `/training/${module.training.slug}`,
        module: (slug) => `${base}/${slug}`,
        video: (part) => `${base}/${module.slug}/video/${part}`,
      }}
    />
  );
}
