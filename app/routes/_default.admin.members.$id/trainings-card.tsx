import { useTranslation } from "~/i18n/react";

type TrainingLine = { slug: string; title: string; state: string; percent: number };

/** Where the member stands in each training: locked or open, and how far. */
export function TrainingsCard({ trainings }: { trainings: TrainingLine[] }) {
  const { t } = useTranslation("admin");
  return (
    <section className="card" aria-labelledby="trainings-title">
      <h2 id="trainings-title">{t("trainings.title")}</h2>
      <ul className="admin-roles">
        {trainings.map((training) => (
          <li key={training.slug}>
            <span>{training.title}</span>
            <span>
              <span className={training.state === "locked" ? "tag" : "tag tag--done"}>
                {t(`trainings:trainings.states.${training.state}`)}
              </span>{" "}
              {t("trainings.percent", { percent: training.percent })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
