import { Form } from "@remix-run/react";
import { IntentButton } from "~/components/form/form";
import { useTranslation } from "~/i18n/react";
import { listHref } from "./list-href";

export type DayView = { day: string; label: string; done: boolean; paused: boolean; late: boolean; ahead: boolean };
export type WeekView = { which: "last" | "this"; days: DayView[] };

/** A recurring commitment's days of last week and this week, each ticked on its own. */
export function Occurrences({
  commitmentId,
  title,
  weeks,
  page,
}: {
  commitmentId: string;
  title: string;
  weeks: WeekView[];
  page: number;
}) {
  const { t } = useTranslation("space");
  return (
    <div className="occurrences">
      {weeks.map((week) => (
        <section key={week.which} aria-label={`${t(`commitments.week.${week.which}`)} : ${title}`}>
          <h3 className="occurrences__week">{t(`commitments.week.${week.which}`)}</h3>
          {week.days.length === 0 ? (
            <p className="muted">{t("commitments.week.none")}</p>
          ) : (
            <ul className="occurrences__days">
              {week.days.map((d) => (
                <li key={d.day} className={`occurrence occurrence--${stateOf(d)}`}>
                  <span className="occurrence__day">{d.label}</span>
                  <span className="occurrence__state">{t(`commitments.day.${stateOf(d)}`)}</span>
                  {d.paused || d.ahead ? null : (
                    <Form method="post" action={listHref(page)} preventScrollReset>
                      <input type="hidden" name="id" value={commitmentId} />
                      <input type="hidden" name="day" value={d.day} />
                      <IntentButton intent={d.done ? "untick" : "tick"} pendingLabel={t("saving")} look="ghost">
                        {d.done ? t("commitments.day.untick") : t("commitments.day.tick")}
                        <span className="visually-hidden">
                          {" "}
                          : {title}, {d.label}
                        </span>
                      </IntentButton>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function stateOf(d: DayView): "done" | "paused" | "late" | "ahead" | "today" {
  if (d.done) return "done";
  if (d.paused) return "paused";
  if (d.late) return "late";
  return d.ahead ? "ahead" : "today";
}
