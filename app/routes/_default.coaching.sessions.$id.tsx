import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { cancelSchema } from "~/.server/coaching/booking/booking-forms.server";
import { cancelSession } from "~/.server/coaching/booking/cancellations.server";
import { sessionOf } from "~/.server/coaching/sessions/member-sessions.server";
import { noticeView } from "~/.server/coaching/booking/change-notice.server";
import { bookingRefusals } from "~/.server/coaching/contract.server";
import { isWaitingEarlier, waitForEarlierTime, waitSchema } from "~/.server/coaching/booking/earlier-time.server";
import { prepOf } from "~/.server/coaching/sessions/session-prep.server";
import { sessionCard } from "~/.server/coaching/sessions/session-views.server";
import { webCalendarLinks } from "~/.server/coaching/sessions/session-calendar.server";
import { intentOf, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { ChangeNotice } from "~/components/presentational/change-notice";
import { EarlierTimeForm } from "~/components/earlier-time/earlier-time-form";
import { CoachHeader, MeetingLink, SessionFacts } from "~/components/presentational/coaching-session";
import { FormAlert, IntentButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { titleMeta } from "~/components/document/page-title";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { PrepSummary } from "~/components/session-prep/prep-summary";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";
import { ButtonLink } from "~/components/presentational/button-link";
import { AddToCalendar } from "~/components/presentational/add-to-calendar";
import { readsHandle } from "~/components/document/cacheable-page";

/** The coaching pages show a coach's free times, or a session among them: other members' bookings end a kept one too. */
export const handle = readsHandle("bookings");

export const meta = titleMeta;

/**
 * /coaching/sessions/{id} — one of the member's sessions: when, the web-conference link, and the
 * ways to reschedule or cancel it (`?cancel` asks for confirmation first), or to wait for an
 * earlier time with the coach. The links of the confirmation email lead here.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member, identity } = await requireMember(request);
  const session = await sessionOf(member.id, params.id ?? "");
  if (!session) notFound(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "coaching");
  const query = new URL(request.url).searchParams;
  const notice =
    (["booked", "moved", "cancelled", "waiting", "stopped"] as const).find((name) => query.has(name)) ?? null;
  const now = new Date();
  const card = sessionCard(session, lang, now, session.timeZone, member.time_zone);
  const changeNotice = card.changeable ? noticeView(session, session.coach, lang, session.timeZone, now) : null;
  return {
    title: t("detail.title"),
    session: card,
    // Until when the member may change it, or why they no longer can.
    changeNotice,
    // Only a session its member may still move waits for an earlier time.
    waitingEarlier: changeNotice && !changeNotice.inside ? await isWaitingEarlier(session.id) : null,
    cancelledBy: session.cancelledBy,
    timeZone: session.timeZone,
    fromPath: session.fromPath,
    notice,
    confirmingCancel: query.has("cancel"),
    prep: await prepOf(session.id),
    // Only a session still to come goes into a calendar; a cancelled one's mail already took it off them.
    calendar:
      session.status === "confirmed" && session.endsAt > now
        ? {
            ics: `/coaching/sessions/${session.id}/invite.ics`,
            ...webCalendarLinks(session, { ...member, email: identity.traits.email }, now),
          }
        : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const formData = await request.formData();
  const intent = intentOf(formData, ["cancel", "waitEarlier", "stopWaitingEarlier"]);
  if (intent === "waitEarlier" || intent === "stopWaitingEarlier")
    return waitEarlier(request, member.id, params, formData);
  const submission = parseWithZod(formData, { schema: cancelSchema });
  if (submission.status !== "success") return refuseUnknownIntent();
  const outcome = await cancelSession(member.id, params.id ?? "");
  if (outcome.ok) return redirect(`/coaching/sessions/${outcome.booking.id}?cancelled`, 303);
  if (outcome.error === "notFound") notFound(request);
  // The coach's notice has begun since the page was read: the page now says why, and how to reach them.
  if (outcome.error === "insideNotice") return redirect(`/coaching/sessions/${outcome.bookingId}`, 303);
  return refuseWith(submission, bookingRefusals[outcome.error]);
}

/** Wait for an earlier time with the coach, or stop; a session no longer movable shows why. */
async function waitEarlier(
  request: Request,
  memberId: string,
  params: ActionFunctionArgs["params"],
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: waitSchema });
  if (submission.status !== "success") return refuseUnknownIntent();
  const wait = submission.value.intent === "waitEarlier";
  const outcome = await waitForEarlierTime(memberId, params.id ?? "", wait);
  if (outcome.ok) return redirect(`/coaching/sessions/${params.id}?${wait ? "waiting" : "stopped"}`, 303);
  if (outcome.error === "notFound") notFound(request);
  if (outcome.error === "insideNotice") return redirect(`/coaching/sessions/${params.id}`, 303);
  return refuseWith(submission, bookingRefusals[outcome.error]);
}

export default function CoachingSession() {
  const loaded = useLoaderData<typeof loader>();
  const { session, changeNotice, waitingEarlier, cancelledBy, timeZone, fromPath, notice, confirmingCancel } = loaded;
  // Inside the coach's notice only the coach can change the session.
  const changeable = session.changeable && !changeNotice?.inside;
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("coaching");
  const [form] = useFormReply(reply, { id: "session-cancel" });
  const reschedule = `/coaching/${session.coach.slug}?reschedule=${session.id}&tz=${encodeURIComponent(timeZone)}`;
  return (
    <>
      <CoachHeader photo={session.coach.photo} eyebrow={t("title")} title={t("detail.title")} />

      {notice === "booked" || notice === "moved" ? <FormAlert tone="success" lines={[t(`detail.${notice}`)]} /> : null}
      {notice === "waiting" || notice === "stopped" ? (
        <FormAlert tone="success" lines={[t(`earlier.${notice}`)]} />
      ) : null}
      {session.status === "cancelled" ? (
        <FormAlert tone="info" lines={[t(cancelledBy === "coach" ? "detail.cancelledByCoach" : "detail.cancelled")]} />
      ) : null}
      <FormAlert lines={form.errors?.map((error) => t(error))} />
      <UnknownIntentAlert reply={reply} />

      <section className="card" aria-labelledby="session-facts">
        <h2 id="session-facts" className="visually-hidden">
          {t("detail.title")}
        </h2>
        <SessionFacts coachName={session.coach.name} {...session} />
        <MeetingLink url={session.meetingUrl} newTab />
        {session.status === "confirmed" && !session.changeable ? (
          // The coach's mark, once given.
          <p className="muted">{t(session.attendance ? `detail.${session.attendance}` : "detail.past")}</p>
        ) : null}

        {changeNotice ? <ChangeNotice notice={changeNotice} /> : null}

        {changeable && confirmingCancel ? (
          <Form
            method="post"
            {...formProps(form)}
            className="confirm"
            role="alertdialog"
            aria-labelledby="confirm-cancel"
          >
            <p id="confirm-cancel">{t("detail.confirmCancel", { coach: session.coach.name })}</p>
            <div className="actions">
              <IntentButton intent="cancel" pendingLabel={t("saving")} look="danger">
                {t("detail.cancel")}
              </IntentButton>
              <Link to={`/coaching/sessions/${session.id}`}>{t("detail.keep")}</Link>
            </div>
          </Form>
        ) : changeable ? (
          <div className="actions">
            {session.meetingUrl ? (
              <a href={session.meetingUrl} rel="noopener noreferrer" target="_blank" className="button button--primary">
                {t("detail.join")}
              </a>
            ) : null}
            <ButtonLink to={reschedule} tone="ghost">
              {t("detail.reschedule")}
            </ButtonLink>
            <Link to={`/coaching/sessions/${session.id}?cancel`}>{t("detail.cancel")}</Link>
          </div>
        ) : null}
      </section>

      {loaded.calendar && !confirmingCancel ? <AddToCalendar links={loaded.calendar} /> : null}

      {waitingEarlier !== null && !confirmingCancel ? (
        <EarlierTimeForm coachName={session.coach.name} waiting={waitingEarlier} />
      ) : null}

      <PrepSummary
        sessionId={session.id}
        coachName={session.coach.name}
        prep={loaded.prep}
        changeable={session.changeable}
      />

      <p className="actions">
        {fromPath ? <Link to={fromPath}>← {t("detail.backToModule")}</Link> : null}
        <Link to="/coaching#sessions">{t("detail.all")}</Link>
        {session.status === "cancelled" ? <ButtonLink to="/coaching">{t("mine.book")}</ButtonLink> : null}
      </p>
    </>
  );
}
