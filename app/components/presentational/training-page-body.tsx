import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { moduleCard, trainingCard } from "~/.server/trainings/views.server";
import { Duration } from "~/components/presentational/duration";
import { ProgressBar } from "~/components/presentational/progress-bar";
import { useTranslation } from "~/i18n/react";
import { ButtonLink, ButtonLine } from "~/components/presentational/button-link";

type TrainingCard = ReturnType<typeof trainingCard>;
type ModuleCard = ReturnType<typeof moduleCard>;

/**
 * A training's page as a member sees it (/training/<slug>): its header, where the member stands,
 * its modules. The author's preview renders the very same, from a draft.
 */
export function TrainingPageBody({
  training,
  resultPath,
  modules,
  back,
  certificatePath = null,
  unlock = null,
}: {
  training: TrainingCard;
  resultPath: string;
  modules: ModuleCard[];
  back: string;
  /** A completed training's certificate; none in the author's preview. */
  certificatePath?: string | null;
  /** Another way to open a locked training, beside the access code (buying it). */
  unlock?: ReactNode;
}) {
  const { t } = useTranslation("trainings");
  return (
    <>
      <p>
        <Link to={back}>← {t("training.back")}</Link>
      </p>
      <header className="page-header">
        <h1>{training.title}</h1>
        <p className="lead">{training.summary}</p>
        <ProgressBar percent={training.percent} label={t("trainings.progress", { percent: training.percent })} />
      </header>
      {training.state === "locked" ? (
        <section className="card">
          <p>{t("training.lockedText")}</p>
          <ButtonLine to="/trainings#unlock">{t("training.toUnlock")}</ButtonLine>
          {unlock}
        </section>
      ) : (
        <p className="actions">
          <ButtonLink to={training.actionPath} size="large">
            {t(`trainings.actions.${training.state}`)}
          </ButtonLink>
          {/* Once started, the scores so far (a completed training's button already leads there). */}
          {training.state === "in_progress" ? (
            <ButtonLink to={resultPath} tone="ghost">
              {t("training.seeResults")}
            </ButtonLink>
          ) : null}
          {certificatePath ? (
            <ButtonLink to={certificatePath} tone="ghost">
              {t("certificate.link")}
            </ButtonLink>
          ) : null}
        </p>
      )}
      <h2>{t("training.modulesTitle")}</h2>
      <ol className="training-list">
        {modules.map((module, index) => (
          <li key={module.slug} className="card training-card">
            <p className="part__kind">{t("module.module", { number: index + 1 })}</p>
            <h3>{module.title}</h3>
            <ul className="tags">
              <li className="tag">
                <Duration hours={module.hours} />
              </li>
              <li className="tag">{t("training.part", { count: module.partCount })}</li>
              {module.hasQuiz ? <li className="tag">{t("training.withQuiz")}</li> : null}
              <li className={module.state === "completed" ? "tag tag--done" : "tag"}>
                {t(`module.states.${module.state}`)}
              </li>
            </ul>
            <p>{module.summary}</p>
            {module.state === "locked" ? (
              <p className="muted">
                {t("training.moduleLocked")} <Link to="/trainings#unlock">{t("training.toUnlock")}</Link>
              </p>
            ) : (
              <p>
                {/* SPEC §4: a completed module says "see my result" and leads to it; one in progress
                    leads to the part to read next (or its quiz); one not started, to its top. */}
                <Link
                  to={module.state === "not_started" ? module.path : `${module.path}${module.anchor}`}
                  className="button button--ghost"
                >
                  {module.state === "completed" ? t("module.seeResult") : t(`trainings.actions.${module.state}`)}
                  <span className="visually-hidden"> : {module.title}</span>
                </Link>
              </p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
