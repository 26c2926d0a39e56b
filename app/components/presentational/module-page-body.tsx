import { Link } from "@remix-run/react";
import type { ModuleView } from "~/.server/trainings/views.server";
import { FormAlert } from "~/components/form/form";
import { QuizForm, useQuizReply } from "~/components/form/quiz-form";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { Duration } from "~/components/presentational/duration";
import { ModulePart } from "~/components/presentational/module-part";
import { QuizReview } from "~/components/presentational/quiz-review";
import { useTranslation } from "~/i18n/react";
import { ButtonLink, ButtonLine } from "~/components/presentational/button-link";

/** Where a module page's links lead: the member's pages, or the author's preview. */
export type ModuleLinks = {
  training: string;
  module: (slug: string) => string;
  video: (part: string) => string;
};

/**
 * A module's page as a member sees it (/training/<slug>/modules/<module>): its parts, "I've read",
 * its quiz, the way on. The author's preview renders the very same, from a draft.
 */
export function ModulePageBody({ module, reply, links }: { module: ModuleView; reply: unknown; links: ModuleLinks }) {
  const firstVideoPart = module.parts.find((part) => part.video);
  const [quizForm, quizFields] = useQuizReply(reply, module.quiz?.last?.answers);
  const refused = quizForm.status === "error";
  const { t } = useTranslation("trainings");
  return (
    <>
      <p>
        <Link to={links.training}>← {module.training.title}</Link>
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
          videoPath={links.video(part.slug)}
          firstVideo={part === firstVideoPart}
        />
      ))}

      {module.quiz ? (
        <section className="card" id="quiz" aria-labelledby="quiz-title">
          <h2 id="quiz-title">{t("quiz.title")}</h2>
          {module.quiz.last && !refused ? (
            <QuizReview review={module.quiz.last.review} changed={module.quiz.last.changed} />
          ) : null}
          <FormAlert lines={quizForm.errors?.map((error) => t(error))} />
          <p className="muted">{module.quiz.last ? t("quiz.again") : t("quiz.lead")}</p>
          <QuizForm questions={module.quiz.questions} form={quizForm} fields={quizFields} />
        </section>
      ) : null}

      {module.completed ? (
        <section className="card" id="completed">
          <h2>{t("module.completed")}</h2>
          <p>{t("module.completedText")}</p>
          {module.trainingCompleted ? <ButtonLine to={module.resultPath}>{t("module.seeResult")}</ButtonLine> : null}
        </section>
      ) : null}

      {module.coaching ? (
        <section className="card section--accent">
          <h2>{t("module.bookTitle")}</h2>
          <p>{t("module.bookText")}</p>
          <p>
            <Link
              to={`/coaching?from=${encodeURIComponent(links.module(module.slug))}`}
              className="button button--primary"
            >
              {t("module.book")}
            </Link>
          </p>
        </section>
      ) : null}

      <nav className="pager" aria-label={t("module.progressLabel")}>
        {module.previous ? <Link to={links.module(module.previous.slug)}>← {module.previous.title}</Link> : <span />}
        {module.next ? (
          <ButtonLink to={links.module(module.next.slug)}>
            {t("module.next")} : {module.next.title} →
          </ButtonLink>
        ) : null}
      </nav>
    </>
  );
}
