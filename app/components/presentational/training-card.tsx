import { Link } from "@remix-run/react";
import { Duration } from "~/components/presentational/duration";
import { useTranslation } from "~/i18n/react";
import { ProgressBar } from "~/components/presentational/progress-bar";

export type TrainingCardData = {
  slug: string;
  title: string;
  summary: string;
  access: "free" | "payable";
  archived: boolean;
  state: "locked" | "not_started" | "in_progress" | "completed";
  percent: number;
  hours: number;
  moduleCount: number;
  actionPath: string;
};

/** A training in a list: its facts, its progress, and the button its state calls for (SPEC §4). */
export function TrainingCard({ training }: { training: TrainingCardData }) {
  const { t } = useTranslation("trainings");
  return (
    <article className="card training-card" aria-labelledby={`training-${training.slug}`}>
      <h3 id={`training-${training.slug}`}>
        <Link to={`/training/${training.slug}`}>{training.title}</Link>
      </h3>
      <ul className="tags">
        <li className={training.access === "payable" ? "tag tag--payable" : "tag"}>
          {t(`trainings.${training.access}`)}
        </li>
        <li className="tag">
          <Duration hours={training.hours} />
        </li>
        <li className="tag">{t("trainings.modules", { count: training.moduleCount })}</li>
        <li className={training.state === "completed" ? "tag tag--done" : "tag"}>
          {training.archived ? t("old.archived") : t(`trainings.states.${training.state}`)}
        </li>
      </ul>
      <p>{training.summary}</p>
      <ProgressBar percent={training.percent} label={t("trainings.progress", { percent: training.percent })} />
      <p>
        <Link
          to={training.actionPath}
          className={training.state === "completed" ? "button button--ghost" : "button button--primary"}
        >
          {t(`trainings.actions.${training.state}`)}
          <span className="visually-hidden"> : {training.title}</span>
        </Link>
      </p>
    </article>
  );
}

/** Trainings as a grid of cards. */
export function TrainingList({ trainings }: { trainings: TrainingCardData[] }) {
  return (
    <ul className="training-list">
      {trainings.map((training) => (
        <li key={training.slug}>
          <TrainingCard training={training} />
        </li>
      ))}
    </ul>
  );
}
