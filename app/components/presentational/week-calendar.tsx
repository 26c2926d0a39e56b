import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

type Week = {
  start: string;
  previous: string;
  next: string;
  days: {
    day: string;
    label: string;
    today: boolean;
    items: { id: string; title: string; done: boolean }[];
    appointments: { id: string; time: string; coach: string }[];
  }[];
};

/**
 * The week, Sunday to Saturday (SPEC §2), with each day's coaching sessions and commitments due;
 * other weeks by plain links.
 */
export function WeekCalendar({ week }: { week: Week }) {
  const { t } = useTranslation("space");
  const empty = week.days.every((day) => day.items.length === 0 && day.appointments.length === 0);
  return (
    <div className="week">
      <nav className="week__nav" aria-label={t("schedule.weeks")}>
        <Link to={`/?week=${week.previous}#schedule-title`} preventScrollReset>
          ← {t("schedule.previous")}
        </Link>
        <Link to={`/?week=${week.next}#schedule-title`} preventScrollReset>
          {t("schedule.next")} →
        </Link>
      </nav>
      <ol className="week__days">
        {week.days.map((day) => (
          <li
            key={day.day}
            className={day.today ? "week__day week__day--today" : "week__day"}
            aria-current={day.today ? "date" : undefined}
          >
            <span className="week__label">{day.label}</span>
            <ul>
              {day.appointments.map((appointment) => (
                <li key={appointment.id} className="week__item week__item--appointment">
                  <Link to={`/coaching/sessions/${appointment.id}`}>
                    {t("coaching:schedule.item", { time: appointment.time, coach: appointment.coach })}
                  </Link>
                </li>
              ))}
              {day.items.map((item) => (
                <li key={item.id} className={item.done ? "week__item week__item--done" : "week__item"}>
                  <Link to="/my_commitments">{item.title}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {empty ? <p className="muted">{t("schedule.empty")}</p> : null}
      <p>
        <Link to="/coaching">{t("coaching:schedule.book")}</Link>
      </p>
    </div>
  );
}
