import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { intentOf, refuse, refuseUnknownIntent, replyOf } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { moduleOfMember } from "~/.server/trainings/module-lookup.server";
import { markPartRead, submitQuiz, type QuizOutcome, type StepOutcome } from "~/.server/trainings/progress.server";
import { FormAlert } from "~/components/form/form";
import { ModulePart } from "~/components/presentational/module-part";
import { titleMeta } from "~/components/document/page-title";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { QuizForm, useQuizReply } from "~/components/form/quiz-form";
import { answerFieldName } from "~/forms/quiz";
import { Duration } from "~/components/presentational/duration";
import { AnsweredQuiz } from "~/components/presentational/training-results";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/** /training/{training_slug}/modules/{module_slug}: the parts, "I've read", the quiz, next. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const slugs = { training: params.training_slug ?? "", module: params.module_slug ?? "" };
  const found = await moduleOfMember(member.id, slugs, await localeOf(request));
  if (found.found === "nothing") notFound(request);
  if (found.found === "locked") throw redirect(`/training/${found.trainingSlug}`);
  const { view } = found;
  return { title: view.title, module: view, quizOutcome: new URL(request.url).searchParams.get("quiz") };
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
  const { module, quizOutcome } = useLoaderData<typeof loader>();
  const firstVideoPart = module.parts.find((part) => part.video);
  const reply = useActionData<typeof action>();
  const [quizForm, quizFields] = useQuizReply(reply, module.quiz?.last?.answers);
  const refused = quizForm.status === "error";
  const { t } = useTranslation("trainings");
  const base = `/training/${module.training.slug}/modules`;
  return (
    <>
      <p>
        <Link to={`/training/${module.training.slug}`}>← {module.training.title}</Link>
      </p>
      <header className="page-header">
        <p className="part__kind">{t("module.module", { number: module.number })}</p>
        <h1>{module.title}</h1>
        <p className="lead">{module.summary}</p>
        <ul className="tags">
          <li className="tag">
            <Duration hours={module.hours} />
          </li>
          <li className={module.access === "payable" ? "tag tag--payable" : "tag"}>
            {t(`trainings.${module.access}`)}
          </li>
          {module.completed ? <li className="tag tag--done">{t("module.completed")}</li> : null}
        </ul>
      </header>
      <UnknownIntentAlert reply={reply} />

      {module.parts.map((part) => (
        <ModulePart
          key={part.slug}
          part={part}
          videoPath={`${base}/${module.slug}/video/${part.slug}`}
          firstVideo={part === firstVideoPart}
        />
      ))}

      {module.quiz ? (
        <section className="card" id="quiz" aria-labelledby="quiz-title">
          <h2 id="quiz-title">{t("quiz.title")}</h2>
          {quizOutcome === "done" && module.quiz.last && !refused ? (
            <FormAlert
              tone={module.quiz.last.passed ? "success" : "error"}
              lines={[
                module.quiz.last.graded
                  ? t(module.quiz.last.passed ? "quiz.passed" : "quiz.failed", {
                      right: module.quiz.last.right,
                      total: module.quiz.last.total,
                    })
                  : t("quiz.saved"),
              ]}
            />
          ) : null}
          <FormAlert lines={quizForm.errors?.map((error) => t(error))} />
          <p className="muted">{module.quiz.last ? t("quiz.again") : t("quiz.lead")}</p>
          {module.quiz.last?.earlier ? (
            <details className="answered-earlier">
              <summary>{t("quiz.earlierTitle")}</summary>
              <p className="muted">{t("quiz.earlierText")}</p>
              <AnsweredQuiz answers={module.quiz.last.earlier} />
            </details>
          ) : null}
          <QuizForm questions={module.quiz.questions} form={quizForm} fields={quizFields} />
        </section>
      ) : null}

      {module.completed ? (
        <section className="card">
          <h2>{t("module.completed")}</h2>
          <p>{t("module.completedText")}</p>
          {module.trainingCompleted ? (
            <p>
              <Link to={module.resultPath} className="button button--primary">
                {t("module.seeResult")}
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}

      {module.coaching ? (
        <section className="card section--accent">
          <h2>{t("module.bookTitle")}</h2>
          <p>{t("module.bookText")}</p>
          <p>
            <Link
              to={`/coaching?from=${encodeURIComponent(`${base}/${module.slug}`)}`}
              className="button button--primary"
            >
              {t("module.book")}
            </Link>
          </p>
        </section>
      ) : null}

      <nav className="pager" aria-label={t("module.progressLabel")}>
        {module.previous ? <Link to={`${base}/${module.previous.slug}`}>← {module.previous.title}</Link> : <span />}
        {module.next ? (
          <Link to={`${base}/${module.next.slug}`} className="button button--primary">
            {t("module.next")} : {module.next.title} →
          </Link>
        ) : null}
      </nav>
    </>
  );
}
