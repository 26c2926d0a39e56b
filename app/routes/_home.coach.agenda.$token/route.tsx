import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { guardPrivateLink } from "~/.server/auth/guard.server";
import { addDays } from "~/.server/calendar/days.server";
import { localDay } from "~/.server/calendar/time-zones.server";
import { agendaPath } from "~/.server/coaching/agenda-link.server";
import { agendaOf, CANCEL_REASON_LENGTH, pageNumber } from "~/.server/coaching/coach-agenda.server";
import { timeOffBounds, timeOffOf } from "~/.server/coaching/coach-time-off.server";
import { zoneLabel } from "~/.server/calendar/when-words.server";
import { env } from "~/.server/config/env.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { MeetingLink, SessionFacts } from "~/components/presentational/coaching-session";
import { FormAlert } from "~/components/form/form";
import { useFormReply } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { titleMeta } from "~/components/document/page-title";
import { Pagination } from "~/components/presentational/pagination";
import { useTranslation } from "~/i18n/react";
import { agendaNotice, coachOfLink, speakCoachLanguage, timeOffView } from "./agenda.server";
import { CancelForm } from "./cancel-form";
import { answerAgendaPost } from "./intents.server";
import { LinkSections } from "./link-sections";
import { MemberName } from "./member-name";
import { TimeOffSection } from "./time-off-section";

export const meta = titleMeta;

/**
 * /coach/agenda/{token} — a coach's agenda through the private link of their emails (coaches have
 * no account; the token is the key): upcoming and past sessions in the coach's zone, cancelling
 * one with a reason for the member, time off, the .ics feed, and renewing the link.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await guardPrivateLink(request);
  const coach = await coachOfLink(request, params.token);
  await speakCoachLanguage(request, coach);
  const lang = await localeOf(request);
  const t = await translator(lang, "coaching");
  const query = new URL(request.url).searchParams;
  const now = new Date();
  const [agenda, daysOff] = await Promise.all([
    agendaOf(
      coach,
      { lang, upcomingPage: pageNumber(query.get("page")), pastPage: pageNumber(query.get("past")) },
      now,
    ),
    timeOffOf(coach, now),
  ]);
  const today = localDay(now, coach.timeZone);
  return {
    title: t("agenda.title", { name: coach.name }),
    coach: { name: coach.name, photo: coach.photo, zone: zoneLabel(now, coach.timeZone) },
    ...agenda,
    timeOff: timeOffView(daysOff, lang),
    days: { today, latest: addDays(today, timeOffBounds.aheadDays) },
    // Server-side bounds, handed to the forms (a .server module's values do not reach the browser).
    limits: { cancelReason: CANCEL_REASON_LENGTH, timeOffReason: timeOffBounds.reasonLength },
    feedUrl: `${env().APP_URL}${agendaPath(coach)}/sessions.ics`,
    ...agendaNotice(query),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardPrivateLink(request);
  const coach = await coachOfLink(request, params.token);
  return answerAgendaPost({ request, coach, formData: await request.formData() });
}

export default function CoachAgenda() {
  const { coach, upcoming, past, timeOff, days, feedUrl, notice, cancelledCount, limits } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("coaching");
  // A refusal of the whole request (a session no longer changeable) shows over the page: the
  // session's own form may be gone by then.
  const [page] = useFormReply(reply, { id: "agenda" });
  return (
    <section className="container section">
      <header className="page-header coach-header">
        <img className="coach__photo" src={coach.photo} alt="" width={72} height={72} />
        <div>
          <p className="eyebrow">{t("agenda.eyebrow")}</p>
          <h1>{t("agenda.title", { name: coach.name })}</h1>
          <p className="muted">{t("agenda.intro", { zone: coach.zone })}</p>
        </div>
      </header>

      {notice === "cancelled" ? <FormAlert tone="success" lines={[t("agenda.notices.cancelled")]} /> : null}
      {notice === "timeOff" ? (
        <FormAlert tone="success" lines={[t("agenda.notices.timeOff", { count: cancelledCount })]} />
      ) : null}
      {notice === "removed" ? <FormAlert tone="success" lines={[t("agenda.notices.removed")]} /> : null}
      <FormAlert lines={page.errors?.map((error) => t(error))} />
      <UnknownIntentAlert reply={reply} />

      <section id="upcoming" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">{t("agenda.upcoming")}</h2>
        {upcoming.sessions.length === 0 ? <p className="muted">{t("agenda.noUpcoming")}</p> : null}
        <ul className="stack plain-list" aria-labelledby="upcoming-title">
          {upcoming.sessions.map((session) => (
            <li key={session.id} className="card">
              <MemberName name={session.memberName} photo={session.photo} />
              <SessionFacts coachName={coach.name} {...session} />
              <MeetingLink url={session.meetingUrl} />
              {session.changeable ? (
                <CancelForm
                  booking={session.id}
                  memberName={session.memberName}
                  maxLength={limits.cancelReason}
                  reply={reply}
                />
              ) : null}
            </li>
          ))}
        </ul>
        <Pagination page={upcoming.page} pages={upcoming.pages} hash="#upcoming" label={t("agenda.upcoming")} />
      </section>

      <TimeOffSection timeOff={timeOff} days={days} reasonLength={limits.timeOffReason} reply={reply} />

      <section id="past" aria-labelledby="past-title">
        <h2 id="past-title">{t("agenda.past")}</h2>
        {past.sessions.length === 0 ? <p className="muted">{t("agenda.noPast")}</p> : null}
        <ul className="stack plain-list">
          {past.sessions.map((session) => (
            <li key={session.id} className="card">
              <MemberName name={session.memberName} photo={session.photo} />
              <SessionFacts coachName={coach.name} {...session} />
              {session.status === "cancelled" ? (
                <p className="muted">
                  {t(session.cancelledBy === "coach" ? "agenda.cancelledByYou" : "agenda.cancelledByMember")}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        <Pagination page={past.page} pages={past.pages} param="past" hash="#past" label={t("agenda.past")} />
      </section>

      <LinkSections feedUrl={feedUrl} />
    </section>
  );
}
