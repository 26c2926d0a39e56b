import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";

/** A discovery session as the pages receive it (see sessionCard on the server). */
export type SessionCard = {
  id: string;
  coach: { slug: string; name: string; photo: string };
  status: "confirmed" | "cancelled";
  date: string;
  time: string;
  zone: string;
  /** Its start in the zone booked and in the reader's own, when they differ. */
  alsoAt: string | null;
  meetingUrl: string | null;
  changeable: boolean;
  /** The coach's mark once the session has started. */
  attendance: "attended" | "missed" | null;
};

/** A coaching page's header: the coach's photo beside the page's eyebrow and title, then what follows them. */
export function CoachHeader({
  photo,
  eyebrow,
  title,
  children,
}: {
  photo: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="page-header coach-header">
      <img className="coach__photo" src={photo} alt="" width={72} height={72} />
      <div>
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        {children}
      </div>
    </header>
  );
}

/** SPEC §3 "Coaching session: coach, date, time, time zone", as a definition list. */
export function SessionFacts({
  coachName,
  date,
  time,
  zone,
  alsoAt,
}: {
  coachName: string;
  date: string;
  time: string;
  zone: string;
  /** "22:00 à Tokyo · 14:00 à Paris": the session was booked in another zone than the reader's. */
  alsoAt?: string | null;
}) {
  const { t } = useTranslation("coaching");
  return (
    <>
      <dl className="facts">
        {(
          [
            ["fields.coach", coachName],
            ["fields.date", date],
            ["fields.time", time],
            ["fields.timeZone", zone],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <dt>{t(term)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {alsoAt ? <p className="muted facts__zones">{alsoAt}</p> : null}
    </>
  );
}

/** The session's web-conference link, in words a member or coach can copy; nothing when it has none. */
export function MeetingLink({ url, newTab = false }: { url: string | null; newTab?: boolean }) {
  const { t } = useTranslation("coaching");
  if (!url) return null;
  return (
    <p>
      <strong>{t("fields.meetingLabel")}</strong>{" "}
      <a href={url} rel="noopener noreferrer" target={newTab ? "_blank" : undefined} className="break-all">
        {url}
      </a>
    </p>
  );
}

export function SessionList({ sessions }: { sessions: SessionCard[] }) {
  const { t } = useTranslation("coaching");
  return (
    <ul className="session-list">
      {sessions.map((session) => (
        <li key={session.id} className={session.status === "cancelled" ? "session session--cancelled" : "session"}>
          <img className="session__photo" src={session.coach.photo} alt="" width={40} height={40} />
          <div>
            <p className="session__when">
              {session.date} · {session.time}
            </p>
            {session.alsoAt ? <p className="muted">{session.alsoAt}</p> : null}
            <p className="muted">
              {session.coach.name} · {session.zone}
              {session.status === "cancelled"
                ? ` · ${t("mine.cancelled")}`
                : session.attendance
                  ? ` · ${t(`mine.${session.attendance}`)}`
                  : !session.changeable
                    ? ` · ${t("mine.done")}`
                    : null}
            </p>
          </div>
          <Link to={`/coaching/sessions/${session.id}`}>
            {t("mine.see")}
            <span className="visually-hidden">
              {" "}
              : {session.date} {session.time}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
