import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { bookingSchema } from "~/.server/coaching/booking/booking-forms.server";
import { bookingCalendar, bookingQuery } from "~/.server/coaching/booking/booking-calendar.server";
import { bookSession, upcomingSessionWith } from "~/.server/coaching/booking/book.server";
import { coachOf } from "~/.server/coaching/booking/free-times.server";
import { rescheduleSession } from "~/.server/coaching/booking/moves.server";
import { sessionOf } from "~/.server/coaching/sessions/member-sessions.server";
import { isInsideNotice } from "~/.server/coaching/booking/change-notice.server";
import { bookingRefusals } from "~/.server/coaching/contract.server";
import { sessionDay, sessionWhen } from "~/.server/calendar/when-words.server";
import { localDay } from "~/.server/calendar/time-zones.server";
import { usualTimeZones } from "~/.server/calendar/time-zones.server";
import { zoneName, zoneOptions } from "~/.server/calendar/zone-names.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { safeRedirectPath } from "~/.server/http/safe-redirect.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { FormAlert } from "~/components/form/form";
import { useFormReply } from "~/components/form/form-reply";
import { titleMeta } from "~/components/document/page-title";
import { CoachHeader } from "~/components/presentational/coaching-session";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";
import { ConfirmStep } from "./confirm-step";
import { DayTimes } from "./day-times";
import { MonthCalendar } from "./month-calendar";
import { stepLink } from "./step-link";
import { ZoneForm } from "./zone-form";
import { readsHandle } from "~/components/document/cacheable-page";

/** The coaching pages show a coach's free times, or a session among them: other members' bookings end a kept one too. */
export const handle = readsHandle("bookings");

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
  const now = new Date();
  const asked = bookingQuery(url.searchParams, member.time_zone).reschedule;
  const named = asked ? await sessionOf(member.id, asked) : null;
  if (asked && (!named || named.coachId !== coach.id || named.status !== "confirmed")) notFound(request);
  // One upcoming session per coach: with one already, the page moves it (as a reschedule link does)
  // rather than offer times it would then refuse to book.
  const already = named ? null : await upcomingSessionWith(member.id, coach.id, now);
  const moving = named ?? already;
  // Started, or inside the coach's notice: the session page says why it cannot move, and how to reach the coach.
  if (moving && (moving.startsAt <= now || isInsideNotice(moving, coach, now)))
    throw redirect(`/coaching/sessions/${moving.id}`, 303);
  // A session stays in the zone it was booked in unless the member asks for another.
  const query = {
    ...bookingQuery(url.searchParams, moving?.timeZone ?? member.time_zone),
    reschedule: moving?.id ?? null,
  };
  const title = moving
    ? t("coachPage.moveTitle", { day: sessionDay(lang, moving.startsAt, query.timeZone) })
    : t("coachPage.title", { name: coach.name });
  return {
    title,
    coach: {
      slug: coach.slug,
      name: coach.name,
      photo: coach.photo,
      minutes: coach.sessionMinutes,
      bio: coach.bio[lang],
    },
    query,
    // The usual zones (and the one shown); every zone is a page of its own (…/time-zone), so this
    // page does not carry 400-odd names in its markup and again in its data.
    zones: zoneOptions(lang, usualTimeZones()),
    shownZone: zoneName(lang, query.timeZone),
    calendar: await bookingCalendar(coach, query, lang, member.time_zone, now),
    moving: moving
      ? {
          id: moving.id,
          when: sessionWhen(lang, moving.startsAt, moving.endsAt, query.timeZone),
          // Not asked for by its link: the member came to book, and is told why the page moves it.
          already: !named,
        }
      : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, identity } = await requireMember(request);
  const submission = parseWithZod(await request.formData(), { schema: bookingSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const { start, tz, reschedule, from } = submission.value;
  const fromPath = safeRedirectPath(from, "") || null;
  const outcome = reschedule
    ? await rescheduleSession(member.id, reschedule, { start, timeZone: tz })
    : await bookSession(
        {
          id: member.id,
          firstname: member.firstname,
          lastname: member.lastname,
          email: identity.traits.email,
          lang: await localeOf(request),
          timeZone: member.time_zone,
        },
        { coachSlug: params.coach_slug ?? "", start, timeZone: tz, fromPath },
      );
  if (outcome.ok) return redirect(`/coaching/sessions/${outcome.booking.id}?${reschedule ? "moved" : "booked"}`, 303);
  if (outcome.error === "notFound" || outcome.error === "coachUnknown") notFound(request);
  if (outcome.error === "insideNotice") return redirect(`/coaching/sessions/${outcome.bookingId}`, 303);
  // A session with the coach exists (booked from another tab): the time chosen, offered to move it there.
  if (outcome.error === "alreadyBooked" && outcome.bookingId) {
    const move = { timeZone: tz, month: null, day: localDay(start, tz), start: start.toISOString() };
    const steps = stepLink({ ...move, from: fromPath, reschedule: outcome.bookingId }, {});
    return redirect(`/coaching/${encodeURIComponent(params.coach_slug ?? "")}${steps}#confirm`, 303);
  }
  return refuseWith(submission, bookingRefusals[outcome.error]);
}

export default function BookCoach() {
  const { title, coach, query, zones, shownZone, calendar, moving } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("coaching");
  const [form] = useFormReply(reply, { id: "booking" });

  const step = calendar.chosen ? "confirm" : calendar.day ? "time" : "date";
  const steps = ["coach", "session", "date", "time", "confirm"] as const;
  const current = steps.indexOf(step);
  // The form's fields are hidden: a refused one (a start, a zone) is told over the page too.
  const errors = form.errors ?? Object.values(form.allErrors).flat();

  return (
    <>
      <CoachHeader photo={coach.photo} eyebrow={t("title")} title={title}>
        <p className="lead">{t("session.text", { minutes: coach.minutes })}</p>
        {coach.bio ? <p className="coach-header__bio">{coach.bio}</p> : null}
      </CoachHeader>

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

      {moving ? (
        <div className="alert alert--info" role="status">
          <p>
            {moving.already
              ? t("confirm.already", { coach: coach.name, when: moving.when })
              : t("confirm.rescheduling", { when: moving.when })}
          </p>
          <p>
            <Link to={`/coaching/sessions/${moving.id}`}>{t("confirm.keep")}</Link>
          </p>
        </div>
      ) : null}
      <FormAlert lines={errors.map((key) => t(key))} />

      <ZoneForm query={query} zones={zones} shownZone={shownZone} coachSlug={coach.slug} />

      {calendar.chosenGone && !errors.length ? <FormAlert lines={[t("confirm.gone")]} /> : null}

      <div className="booking">
        <MonthCalendar calendar={calendar} query={query} />
        {calendar.day ? <DayTimes day={calendar.day} calendar={calendar} query={query} /> : null}
      </div>
      {calendar.chosen ? (
        <ConfirmStep coachName={coach.name} chosen={calendar.chosen} query={query} form={form} />
      ) : null}
    </>
  );
}
