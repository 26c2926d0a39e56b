import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

type Prep = { topics: string; shareGoal: boolean; shareLifeGps: boolean; sharedResult: string | null };

/**
 * On the member's session page: what they prepared for the coach, in a line
 * or two, and the way to their prep page — to change it until the session starts, to read it after.
 */
export function PrepSummary({
  sessionId,
  coachName,
  prep,
  changeable,
}: {
  sessionId: string;
  coachName: string;
  prep: Prep;
  changeable: boolean;
}) {
  const { t } = useTranslation("coaching");
  const shared = [
    prep.shareGoal ? t("prep.summary.goal") : null,
    prep.shareLifeGps ? t("prep.summary.lifeGps") : null,
    prep.sharedResult ? t("prep.summary.result") : null,
  ].filter((item): item is string => item !== null);
  const untouched = !prep.topics && shared.length === 0;
  if (untouched && !changeable) return null;
  return (
    <section id="prep" className="card" aria-labelledby="prep-summary-title">
      <h2 id="prep-summary-title">{t("prep.summary.title")}</h2>
      {untouched ? (
        <p className="muted">{t("prep.summary.nothing", { coach: coachName })}</p>
      ) : (
        <>
          {prep.topics ? <p>{t("prep.summary.written", { coach: coachName })}</p> : null}
          <p>
            {shared.length
              ? t("prep.summary.shares", { coach: coachName, list: shared.join(", ") })
              : t("prep.summary.sharesNothing", { coach: coachName })}
          </p>
        </>
      )}
      <p>
        <Link
          to={`/coaching/sessions/${sessionId}/prepare`}
          className={changeable ? "button button--primary" : undefined}
        >
          {t(!changeable ? "prep.summary.see" : untouched ? "prep.summary.prepare" : "prep.summary.edit")}
        </Link>
      </p>
    </section>
  );
}
