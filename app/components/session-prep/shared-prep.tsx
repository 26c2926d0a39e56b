import type { SerializeFrom } from "@remix-run/node";
import type { PrepForCoach } from "~/.server/coaching/sessions/session-prep-views.server";
import { ProgressBar } from "~/components/presentational/progress-bar";
import { SkillBars } from "~/components/presentational/skill-charts";
import { useTranslation } from "~/i18n/react";
import { HistoryTable } from "~/components/presentational/history-table";

type Prep = SerializeFrom<PrepForCoach>;

/**
 * What the session's coach reads of the member's prep: the member's words,
 * then only what they chose to share — the loader sends nothing else. The same block on the
 * coach's private session link and on both doors of the agenda's session page.
 */
export function SharedPrep({ prep, memberName }: { prep: Prep; memberName: string }) {
  const { t } = useTranslation("coaching");
  const { topics, goal, lifeGps, result } = prep;
  return (
    <section id="prep" className="card stack" aria-labelledby="prep-title">
      <h2 id="prep-title">{t("prep.coach.title", { name: memberName })}</h2>
      {!topics && !goal && !lifeGps && !result ? (
        <p className="muted">{t("prep.coach.nothing", { name: memberName })}</p>
      ) : null}
      {topics ? (
        <div>
          <h3>{t("prep.coach.topics", { name: memberName })}</h3>
          <p className="session-prep__topics">{topics}</p>
        </div>
      ) : null}
      {goal ? (
        <div>
          <h3>{t("prep.coach.goal")}</h3>
          <p>{goal}</p>
        </div>
      ) : null}
      {lifeGps ? <SharedLifeGps lifeGps={lifeGps} /> : null}
      {result ? <SharedResult result={result} /> : null}
    </section>
  );
}

function SharedLifeGps({ lifeGps }: { lifeGps: NonNullable<Prep["lifeGps"]> }) {
  const { t } = useTranslation("coaching");
  return (
    <div>
      <h3 id="prep-life-gps">{t("prep.coach.lifeGps", { date: lifeGps.date })}</h3>
      <HistoryTable
        labelledBy="prep-life-gps"
        headings={[t("prep.coach.area"), t("prep.coach.score"), t("prep.coach.note")]}
      >
        {lifeGps.areas.map((area) => (
          <tr key={area.id}>
            <th scope="row">{area.label}</th>
            <td>{area.score}</td>
            <td>{area.note}</td>
          </tr>
        ))}
      </HistoryTable>
    </div>
  );
}

function SharedResult({ result }: { result: NonNullable<Prep["result"]> }) {
  const { t } = useTranslation("coaching");
  return (
    <div>
      <h3>{t("prep.coach.result", { title: result.title })}</h3>
      {result.kind === "test" ? (
        <>
          {result.profile ? (
            <>
              <p>
                <strong>{t("prep.coach.profile", { label: result.profile.label })}</strong>
              </p>
              <p>{result.profile.description}</p>
            </>
          ) : null}
          <SkillBars title={result.title} skills={result.skills} />
        </>
      ) : (
        <>
          <ProgressBar percent={result.percent} label={t("prep.coach.progress", { percent: result.percent })} />
          <ul className="check-list">
            {result.modules.map((module) => (
              <li key={module.id}>
                <strong>{module.title}</strong> —{" "}
                {!module.hasQuiz
                  ? t("prep.coach.noQuiz")
                  : module.right === null
                    ? t("prep.coach.notDone")
                    : t("prep.coach.moduleScore", { right: module.right, total: module.total ?? 0 })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
