import { Form, Link } from "@remix-run/react";
import type { BookingCalendar, BookingQuery } from "~/.server/coaching/booking/booking-calendar.server";
import { SessionFacts } from "~/components/presentational/coaching-session";
import { SubmitButton } from "~/components/form/form";
import { type FormMeta, formProps } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { stepLink } from "./step-link";

/** The last step: the chosen time, booked (or the session moved there) by one post. */
export function ConfirmStep({
  coachName,
  chosen,
  query,
  form,
}: {
  coachName: string;
  chosen: NonNullable<BookingCalendar["chosen"]>;
  query: BookingQuery;
  form: FormMeta;
}) {
  const { t } = useTranslation("coaching");
  return (
    <section className="card section--accent" aria-labelledby="confirm-title" id="confirm">
      <h2 id="confirm-title">{t("confirm.title")}</h2>
      <SessionFacts coachName={coachName} {...chosen} />
      {chosen.notice.inside ? (
        <div className="alert alert--info" role="status">
          <p>
            <strong>{t("confirm.noticeTitle")}</strong>
          </p>
          <p>
            {t("confirm.insideNotice", {
              hours: chosen.notice.hours,
              coach: chosen.notice.coach,
              email: chosen.notice.email,
            })}
          </p>
        </div>
      ) : (
        <p className="muted">{t("confirm.changeUntil", { date: chosen.notice.date, time: chosen.notice.time })}</p>
      )}
      <Form method="post" {...formProps(form)} className="actions">
        <input type="hidden" name="start" value={chosen.start} />
        <input type="hidden" name="tz" value={query.timeZone} />
        {query.from ? <input type="hidden" name="from" value={query.from} /> : null}
        {query.reschedule ? <input type="hidden" name="reschedule" value={query.reschedule} /> : null}
        <SubmitButton pendingLabel={t("saving")} className="button button--primary">
          {query.reschedule ? t("confirm.move") : t("confirm.book")}
        </SubmitButton>
        <Link to={`${stepLink(query, { start: null })}#times`}>{t("confirm.another")}</Link>
      </Form>
    </section>
  );
}
