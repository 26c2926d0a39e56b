import { Link } from "@remix-run/react";
import type { MemberResult } from "~/.server/trainings/results.server";
import type { testResult, trainingResult } from "~/.server/trainings/views.server";
import { useTranslation } from "~/i18n/react";
import { ProgressBar } from "~/components/presentational/progress-bar";
import { SkillBars, SkillRadar } from "~/components/presentational/skill-charts";
import { AnsweredQuiz } from "~/components/presentational/answered-quiz";
import { ButtonLine } from "~/components/presentational/button-link";

/**
 * A training's results: progress and each module's quiz score. With `linked`, the title leads to the
 * training's own results page (from /result, where all of them show).
 */
export function TrainingResults({
  result,
  linked = false,
}: {
  result: ReturnType<typeof trainingResult>;
  linked?: boolean;
}) {
  const { t } = useTranslation("trainings");
  return (
    <section className="card" aria-labelledby={`result-${result.slug}`}>
      <h2 id={`result-${result.slug}`}>{linked ? <Link to={result.path}>{result.title}</Link> : result.title}</h2>
      <ProgressBar percent={result.percent} label={t("trainings.progress", { percent: result.percent })} />
      <ul className="check-list">
        {result.modules.map((module) => (
          // The tick is for a module done; one still to do gets a neutral mark.
          <li key={module.slug} className={module.completed ? undefined : "check-list__open"}>
            <strong>{module.title}</strong> —{" "}
            {!module.hasQuiz
              ? t("results.noQuiz")
              : module.right === null
                ? t("results.notDone")
                : module.total
                  ? t("results.moduleScore", { right: module.right, total: module.total })
                  : t("results.quizDone")}
            {module.answers?.length ? (
              <details>
                <summary>{t("results.yourAnswers")}</summary>
                <AnsweredQuiz answers={module.answers} />
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      <p>
        <Link to={`/training/${result.slug}`}>{t("results.backToTraining")}</Link>
      </p>
    </section>
  );
}

/** A test's results: the chart of skills and the profile they give. */
export function TestResults({ result, radar = false }: { result: ReturnType<typeof testResult>; radar?: boolean }) {
  const { t } = useTranslation("trainings");
  return (
    <section className="card" id={result.slug} aria-labelledby={`result-${result.slug}`}>
      <h2 id={`result-${result.slug}`}>{result.title}</h2>
      {result.taken ? (
        <>
          {result.profile ? (
            <>
              <h3>{t("results.profileTitle", { profile: result.profile.label })}</h3>
              <p>{result.profile.description}</p>
            </>
          ) : null}
          {radar ? (
            <SkillRadar title={result.title} skills={result.skills} />
          ) : (
            <SkillBars title={result.title} skills={result.skills} />
          )}
        </>
      ) : (
        <>
          <p>{t("results.notTaken")}</p>
          <ButtonLine to={result.takePath}>{t("results.takeTest")}</ButtonLine>
        </>
      )}
    </section>
  );
}

/**
 * One training's or test's result on its own page: a test's profile and chart (its strongest
 * skill first), a training's scores, each with the way back to it.
 */
export function MemberResults({ result, radar = false }: { result: MemberResult; radar?: boolean }) {
  const { t } = useTranslation("trainings");
  if (result.kind === "training") return <TrainingResults result={result} />;
  const strongest = result.taken ? [...result.skills].sort((a, b) => b.value - a.value)[0] : null;
  return (
    <>
      {strongest ? <p className="lead">{t("results.strongest", { area: strongest.label })}</p> : null}
      <TestResults result={result} radar={radar} />
      <p>
        <Link to={`/training/${result.slug}`}>{t("results.backToTraining")}</Link>
      </p>
    </>
  );
}
