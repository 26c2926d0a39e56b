import { Link } from "@remix-run/react";
import type { overviewOf } from "~/.server/space/overview.server";
import { ProgressBar } from "~/components/presentational/progress-bar";
import { useTranslation } from "~/i18n/react";
import { ButtonLink } from "~/components/presentational/button-link";

type Overview = Awaited<ReturnType<typeof overviewOf>>;

/** The overview's "my training" card: trainings under way, the tests taken, the two named tests until taken. */
export function MyTraining({
  inProgress,
  testsTaken,
  testsOffered,
}: Pick<Overview, "inProgress" | "testsTaken" | "testsOffered">) {
  const { t } = useTranslation("space");
  return (
    <section className="card" aria-labelledby="training-title">
      <h2 id="training-title">{t("training.title")}</h2>
      {inProgress.length === 0 ? <p className="muted">{t("training.none")}</p> : null}
      <ul className="plain-list">
        {inProgress.map((training) => (
          <li key={training.slug}>
            <Link to={training.actionPath}>{training.title}</Link>
            <ProgressBar
              percent={training.percent}
              label={t("trainings:trainings.progress", { percent: training.percent })}
            />
          </li>
        ))}
      </ul>
      <h3>{t("training.tests")}</h3>
      {testsTaken.length === 0 ? <p className="muted">{t("training.noTests")}</p> : null}
      <ul className="plain-list">
        {testsTaken.map((test) => (
          <li key={test.slug}>
            <Link to={test.resultPath}>{test.title}</Link>{" "}
            <span className="muted">{test.profile ?? t("training.done")}</span>
          </li>
        ))}
      </ul>
      {testsOffered.length ? <h3>{t("training.offered")}</h3> : null}
      <ul className="plain-list">
        {testsOffered.map((test) => (
          <li key={test.slug}>
            {test.title}{" "}
            <ButtonLink to={test.takePath} tone="ghost">
              {t("training.take")}
              <span className="visually-hidden"> : {test.title}</span>
            </ButtonLink>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/my_life_gps">{t("training.lifeGps")}</Link>
        <br />
        <span className="muted">{t("lifeGps.story")}</span>
      </p>
      <p className="form-links">
        <Link to="/trainings">{t("training.seeAll")}</Link>
        <Link to="/result">{t("training.results")}</Link>
      </p>
    </section>
  );
}
