import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useSubmit } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { parseBooking } from "~/.server/coaching/booking-forms.server";
import { bookingCalendar, bookingQuery, type BookingQuery as Query } from "~/.server/pages/booking-page.server";
import {
  bookSession,
  coachOf,
  rescheduleSession,
  sessionOf,
  upcomingSessionWith,
} from "~/.server/coaching/bookings.server";
import { bookingRefusals } from "~/.server/coaching/contract.server";
import { sessionWhen } from "~/.server/calendar/when-words.server";
import { usualTimeZones } from "~/.server/calendar/time-zones.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { safeRedirectPath } from "~/.server/http/safe-redirect.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { SessionFacts } from "~/components/coaching-session";
import { ZoneGroup } from "~/components/zone-options";
import { FormAlert, SubmitButton } from "~/components/form";
import { formProps, useFormReply } from "~/components/form-reply";
import { titleMeta } from "~/components/page-title";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /coaching/{coach_slug} — the booking steps after the coach: the discovery session, a date in a
 * month view, a time, then confirmation, all in the member's time zone. `?reschedule=<id>` moves
 * one of the member's sessions instead of booking a new one.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const coach = await coachOf(params.coach_slug ?? "");
  if (!coach) notFound(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "coaching");
  const url = new URL(request.url);
  const query = bookingQuery(url, member.time_zone);
  const moving = query.reschedule ? await sessionOf(member.id, query.reschedule) : null;
  if (query.reschedule && (!moving || moving.coachId !== coach.id || moving.status !== "confirmed")) notFound(request);
  // One upcoming session per coach: say so before the member picks a time, not after.
  const already = moving ? null : await upcomingSessionWith(member.id, coach.id);
  return {
    title: t("coachPage.title", { name: coach.name }),
    coach: { slug: coach.slug, name: coach.name, photo: coach.photo, minutes: coach.sessionMinutes },
    query,
    // The usual zones (and the one shown); every zone is a page of its own (…/time-zone), so this
    // page does not carry 400-odd names in its markup and again in its data.
    zones: usualTimeZones(),
    calendar: await bookingCalendar(coach, query, lang),
    moving: moving ? sessionWhen(lang, moving.startsAt, moving.endsAt, query.timeZone) : null,
    already: already
      ? { id: already.id, when: sessionWhen(lang, already.startsAt, already.endsAt, query.timeZone) }
      : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, identity } = await requireMember(request);
  const submission = parseBooking(await request.formData());
  if (submission.status !== "success") return refuse(submission.reply());
  const { start, tz, reschedule, from } = submission.value;
  const outcome = reschedule
    ? await rescheduleSession(member.id, reschedule, { start, timeZone: tz })
    : await bookSession(
        {
          id: member.id,
          firstname: member.firstname,
          lastname: member.lastname,
          email: identity.traits.email,
          lang: await localeOf(request),
        },
        { coachSlug: params.coach_slug ?? "", start, timeZone: tz, fromPath: safeRedirectPath(from, "") || null },
      );
  if (outcome.ok) return redirect(`/coaching/sessions/${outcome.booking.id}?${reschedule ? "moved" : "booked"}`, 303);
  if (outcome.error === "notFound" || outcome.error === "coachUnknown") notFound(request);
  return refuseWith(submission, bookingRefusals[outcome.error]);
}

/** A link to another step: the same query with some parts changed (null removes one). */
function stepLink(query: Query, changes: Partial<Record<"month" | "day" | "start", string | null>>) {
  const params = new URLSearchParams();
  const next = { ...query, ...changes };
  params.set("tz", next.timeZone);
  for (const name of ["month", "day", "start", "from", "reschedule"] as const) {
    const value = next[name];
    if (value) params.set(name, value);
  }
  return `?${params}`;
}

export default function BookCoach() {
  const { coach, query, zones, calendar, moving, already } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("coaching");
  const [form] = useFormReply(reply, { id: "booking" });
  const submit = useSubmit();
  const location = useLocation();

  const step = calendar.chosen ? "confirm" : calendar.day ? "time" : "date";
  const steps = ["coach", "session", "date", "time", "confirm"] as const;
  const current = steps.indexOf(step);
  // The form's fields are hidden: a refused one (a start, a zone) is told over the page too.
  const errors = form.errors ?? Object.values(form.allErrors).flat();

  return (
    <>
      <header className="page-header coach-header">
        <img className="coach__photo" src={coach.photo} alt="" width={72} height={72} />
        <div>
          <p className="eyebrow">{t("title")}</p>
          <h1>{t("coachPage.title", { name: coach.name })}</h1>
          <p className="lead">{t("session.text", { minutes: coach.minutes })}</p>
        </div>
      </header>

      <ol className="steps" aria-label={t("steps.label")}>
        {steps.map((name, index) => (
          <li
            key={name}
            className={index < current ? "steps__done" : index === current ? "steps__current" : undefined}
            aria-current={index === current ? "step" : undefined}
          >
            {name === "coach" ? (
              <Link to={`/coaching${query.from ? `?from=${encodeURIComponent(query.from)}` : ""}`}>
                {t(`steps.${name}`)}
              </Link>
            ) : (
              t(`steps.${name}`)
            )}
          </li>
        ))}
      </ol>

      {moving ? <FormAlert tone="info" lines={[t("confirm.rescheduling", { when: moving })]} /> : null}
      {already ? (
        <div className="alert alert--info" role="status">
          {t("confirm.already")} <Link to={`/coaching/sessions/${already.id}`}>{already.when}</Link>
        </div>
      ) : null}
      <FormAlert lines={errors.map((key) => t(key))} />

      <Form method="get" className="card zone-form" preventScrollReset>
        {(["month", "day", "start", "from", "reschedule"] as const).map((name) =>
          query[name] ? <input key={name} type="hidden" name={name} value={query[name] ?? ""} /> : null,
        )}
        <label htmlFor="tz">{t("timeZone.label")}</label>
        <p className="field__hint" id="tz-hint">
          {t("timeZone.hint")}
        </p>
        <div className="zone-form__row">
          <select
            id="tz"
            name="tz"
            defaultValue={query.timeZone}
            key={query.timeZone}
            aria-describedby="tz-hint"
            onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
          >
            {zones.includes(query.timeZone) ? null : <ZoneGroup label={t("timeZone.shown")} zones={[query.timeZone]} />}
            <ZoneGroup label={t("timeZone.usual")} zones={zones} />
          </select>
          <button type="submit" className="button button--ghost">
            {t("timeZone.apply")}
          </button>
        </div>
        <p>
          <Link to={`/coaching/${coach.slug}/time-zone${location.search}`} className="zone-form__other">
            {t("timeZone.other")}
          </Link>
        </p>
      </Form>

      {calendar.chosenGone && !errors.length ? <FormAlert lines={[t("confirm.gone")]} /> : null}

      <div className="booking">
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

        {calendar.day ? (
          <section className="card" aria-labelledby="time-title" id="times">
            <h2 id="time-title">{t("calendar.selectTime")}</h2>
            <p className="muted">{t("calendar.timesOf", { day: calendar.day.label })}</p>
            {calendar.day.times.length ? (
              <ul className="times">
                {calendar.day.times.map((slot) => (
                  <li key={slot.start}>
                    <Link
                      to={`${stepLink(query, { month: calendar.month, day: calendar.day?.day ?? null, start: slot.start })}#confirm`}
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
        ) : null}
      </div>
      {calendar.chosen ? (
        <section className="card section--accent" aria-labelledby="confirm-title" id="confirm">
          <h2 id="confirm-title">{t("confirm.title")}</h2>
          <SessionFacts coachName={coach.name} {...calendar.chosen} />
          <Form method="post" {...formProps(form)} className="actions">
            <input type="hidden" name="start" value={calendar.chosen.start} />
            <input type="hidden" name="tz" value={query.timeZone} />
            {query.from ? <input type="hidden" name="from" value={query.from} /> : null}
            {query.reschedule ? <input type="hidden" name="reschedule" value={query.reschedule} /> : null}
            <SubmitButton pendingLabel={t("saving")} className="button button--primary">
              {query.reschedule ? t("confirm.move") : t("confirm.book")}
            </SubmitButton>
            <Link to={`${stepLink(query, { start: null })}#times`}>{t("confirm.another")}</Link>
          </Form>
        </section>
      ) : null}
    </>
  );
}
