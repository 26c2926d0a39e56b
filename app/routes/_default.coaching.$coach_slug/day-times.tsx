import { Link } from "@remix-run/react";
import type { BookingCalendar, BookingQuery } from "~/.server/coaching/booking/booking-calendar.server";
import { useTranslation } from "~/i18n/react";
import { stepLink } from "./step-link";

/** The time step: the free times of the chosen day, in the zone shown. */
export function DayTimes({
  day,
  calendar,
  query,
}: {
  day: NonNullable<BookingCalendar["day"]>;
  calendar: BookingCalendar;
  query: BookingQuery;
}) {
  const { t } = useTranslation("coaching");
  return (
    <section className="card" aria-labelledby="time-title" id="times">
      <h2 id="time-title">{t("calendar.selectTime")}</h2>
      <p className="muted">{t("calendar.timesOf", { day: day.label })}</p>
      {day.times.length ? (
        <ul className="times">
          {day.times.map((slot) => (
            <li key={slot.start}>
              <Link
                to={`${stepLink(query, { month: calendar.month, day: day.day, start: slot.start })}#confirm`}
                className={slot.start === calendar.chosen?.start ? "time time--chosen" : "time"}
                aria-current={slot.start === calendar.chosen?.start ? "true" : undefined}
              >
                {slot.time}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("calendar.noSlotsDay")}</p>
      )}
      <p className="muted">{t("calendar.in", { zone: calendar.zone })}</p>
    </section>
  );
}
