import { Pagination } from "~/components/presentational/pagination";
import { useTranslation } from "~/i18n/react";

type SessionLine = {
  id: string;
  coach: { name: string };
  when: string;
  status: "upcoming" | "held" | "cancelled";
  cancelledBy: "member" | "coach" | null;
};

const tagOf = { upcoming: "tag tag--done", held: "tag", cancelled: "tag tag--late" };

function Sessions({ lines }: { lines: SessionLine[] }) {
  const { t } = useTranslation("admin");
  return (
    <ul className="admin-roles">
      {lines.map((session) => (
        <li key={session.id}>
          <span>{session.when}</span>
          <span>{t("sessions.with", { coach: session.coach.name })}</span>
          <span className={tagOf[session.status]}>
            {session.cancelledBy
              ? t(`sessions.cancelledBy.${session.cancelledBy}`)
              : t(`sessions.status.${session.status}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The member's discovery sessions: every upcoming one, then the past and cancelled a page at a time. */
export function SessionsCard({
  upcoming,
  past,
  page,
}: {
  upcoming: SessionLine[];
  past: SessionLine[];
  page: { page: number; pages: number };
}) {
  const { t } = useTranslation("admin");
  return (
    <section className="card" id="sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t("sessions.title")}</h2>
      <h3>{t("sessions.upcoming")}</h3>
      {upcoming.length ? <Sessions lines={upcoming} /> : <p className="muted">{t("sessions.noneUpcoming")}</p>}
      <h3>{t("sessions.past")}</h3>
      {past.length ? <Sessions lines={past} /> : <p className="muted">{t("sessions.nonePast")}</p>}
      <Pagination page={page.page} pages={page.pages} param="sessions" hash="#sessions" label={t("sessions.pages")} />
    </section>
  );
}
