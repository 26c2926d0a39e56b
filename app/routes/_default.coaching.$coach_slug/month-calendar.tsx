import { Link } from "@remix-run/react";
import type { BookingCalendar, BookingQuery } from "~/.server/coaching/booking/booking-calendar.server";
import { useTranslation } from "~/i18n/react";
import { stepLink } from "./step-link";

/** The date step: a month of days, each with free times a link, the others said in words. */
export function MonthCalendar({ calendar, query }: { calendar: BookingCalendar; query: BookingQuery }) {
  const { t } = useTranslation("coaching");
  return (
    <section className="card" aria-labelledby="date-title">
      <h2 id="date-title">{t("calendar.selectDate")}</h2>
      <nav className="month-nav" aria-label={calendar.monthTitle}>
        {calendar.previousMonth ? (
          <Link to={stepLink(query, { month: calendar.previousMonth, day: null, start: null })} preventScrollReset>
            ← {t("calendar.previous")}
          </Link>
        ) : (
          <span />
        )}
        <strong className="month-nav__title">{calendar.monthTitle}</strong>
        {calendar.nextMonth ? (
          <Link to={stepLink(query, { month: calendar.nextMonth, day: null, start: null })} preventScrollReset>
            {t("calendar.next")} →
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <table className="month">
        <caption className="visually-hidden">{calendar.monthTitle}</caption>
        <thead>
          <tr>
            {calendar.weekdays.map((day) => (
              <th key={day} scope="col">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week) => (
            <tr key={week[0].day}>
              {week.map((cell) => (
                <td key={cell.day} className={cell.inMonth ? undefined : "month__other"}>
                  {cell.inMonth && cell.slotCount > 0 ? (
                    <Link
                      to={`${stepLink(query, { month: calendar.month, day: cell.day, start: null })}#times`}
                      className={cell.day === calendar.day?.day ? "month__day month__day--chosen" : "month__day"}
                      aria-current={cell.day === calendar.day?.day ? "date" : undefined}
                      aria-label={`${cell.label}, ${t("calendar.freeSlots", { count: cell.slotCount })}`}
                    >
                      {cell.number}
                    </Link>
                  ) : cell.inMonth ? (
                    <span className={`month__day month__day--${cell.status}`}>
                      {cell.number}
                      {cell.status === "full" ? (
                        <span className="month__status">{t("calendar.full")}</span>
                      ) : (
                        <span className="visually-hidden">, {t(`calendar.days.${cell.status}`)}</span>
                      )}
                    </span>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted month__legend">{t("calendar.legend")}</p>
      {!calendar.hasSlots ? <p className="muted">{t("calendar.noSlotsMonth")}</p> : null}
    </section>
  );
}
