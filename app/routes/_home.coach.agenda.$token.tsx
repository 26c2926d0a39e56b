import { dateFormat } from "~/.server/calendar/date-formats.server";
import { guardPrivateLink } from "~/.server/auth/guard.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { agendaPath, coachLanguage, coachOfAgendaToken } from "~/.server/coaching/agenda-link.server";
import {
  agendaOf,
  CANCEL_REASON_LENGTH,
  cancelFromAgenda,
  pageNumber,
  parseAgendaCancel,
  parseAgendaIntent,
  renewAgendaLink,
} from "~/.server/coaching/coach-agenda.server";
import {
  addTimeOff,
  parseTimeOff,
  removeTimeOff,
  timeOffBounds,
  timeOffOf,
} from "~/.server/coaching/coach-time-off.server";
import { bookingRefusals } from "~/.server/coaching/contract.server";
import { zoneLabel } from "~/.server/calendar/when-words.server";
import { addDays } from "~/.server/calendar/days.server";
import { localDay } from "~/.server/calendar/time-zones.server";
import { env } from "~/.server/config/env.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { languageCookie, localeOf, translator } from "~/.server/i18n/i18n.server";
import { Avatar } from "~/components/avatar";
import { SessionFacts } from "~/components/coaching-session";
import { Field, FormAlert, SubmitButton } from "~/components/form";
import { fieldProps, formProps, useFormReply } from "~/components/form-reply";
import { titleMeta } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /coach/agenda/{token} — a coach's agenda through the private link of their emails (coaches have
 * no account; the token is the key): upcoming and past sessions in the coach's zone, cancelling
 * one with a reason for the member, time off, the .ics feed, and renewing the link.
 */
async function coachOfLink(request: Request, token: string | undefined) {
  const coach = token ? await coachOfAgendaToken(token) : null;
  if (!coach) notFound(request);
  return coach;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guardPrivateLink(request);
  const coach = await coachOfLink(request, params.token);
  // The page speaks the coach's language until the visitor picks one with the language switch.
  if ((await languageCookie.parse(request.headers.get("Cookie"))) === null) {
    const { pathname, search } = new URL(request.url);
    throw redirect(pathname + search, {
      headers: { "Set-Cookie": await languageCookie.serialize(coachLanguage(coach)) },
    });
  }
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
  const dayFormat = dateFormat(lang, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));
  const today = localDay(now, coach.timeZone);
  const path = agendaPath(coach);
  const cancelledCount = Number(query.get("timeOff"));
  return {
    title: t("agenda.title", { name: coach.name }),
    coach: { name: coach.name, photo: coach.photo, zone: zoneLabel(now, coach.timeZone) },
    ...agenda,
    timeOff: daysOff.map((off) => ({
      id: off.id,
      first: dayLabel(off.firstDay),
      last: off.lastDay === off.firstDay ? null : dayLabel(off.lastDay),
      reason: off.reason,
    })),
    days: { today, latest: addDays(today, timeOffBounds.aheadDays) },
    // Server-side bounds, handed to the forms (a .server module's values do not reach the browser).
    limits: { cancelReason: CANCEL_REASON_LENGTH, timeOffReason: timeOffBounds.reasonLength },
    feedUrl: `${env().APP_URL}${path}/sessions.ics`,
    notice: query.has("cancelled")
      ? "cancelled"
      : query.has("removed")
        ? "removed"
        : query.has("timeOff")
          ? "timeOff"
          : null,
    cancelledCount: Number.isInteger(cancelledCount) && cancelledCount >= 0 ? Math.min(cancelledCount, 10_000) : 0,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardPrivateLink(request);
  const coach = await coachOfLink(request, params.token);
  const path = agendaPath(coach);
  const formData = await request.formData();
  const asked = parseAgendaIntent(formData);
  if (asked.status !== "success") {
    return refuse(asked.reply({ formErrors: ["coaching:agenda.errors.unknownAction"] }));
  }
  const { intent } = asked.value;
  if (intent === "cancel") {
    const submission = parseAgendaCancel(formData);
    if (submission.status !== "success") return refuse(submission.reply());
    const outcome = await cancelFromAgenda(coach, submission.value.booking, submission.value.reason);
    if (outcome.ok) return redirect(`${path}?cancelled#upcoming`, 303);
    if (outcome.error === "notFound") notFound(request);
    return refuseWith(submission, bookingRefusals[outcome.error === "notChangeable" ? "notChangeable" : "notFound"]);
  }
  if (intent === "timeOff") {
    const submission = parseTimeOff(formData, coach);
    if (submission.status !== "success") return refuse(submission.reply());
    const cancelled = await addTimeOff(coach, submission.value);
    return redirect(`${path}?timeOff=${cancelled}#time-off`, 303);
  }
  if (intent === "removeTimeOff") {
    if (!(await removeTimeOff(coach, String(formData.get("id") ?? "")))) notFound(request);
    return redirect(`${path}?removed#time-off`, 303);
  }
  // intent "renew"
  await renewAgendaLink(coach);
  // The new link goes to the coach's address only; this one no longer works.
  return redirect("/coach/agenda?renewed", 303);
}

export default function CoachAgenda() {
  const { coach, upcoming, past, timeOff, days, feedUrl, notice, cancelledCount, limits } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("coaching");
  // A refusal of the whole request (a session no longer changeable, an unknown action) shows over
  // the page: the session's own form may be gone by then.
  const [page] = useFormReply(reply, { id: "agenda" });
  const [timeOffForm, timeOffFields] = useFormReply<{ firstDay: string; lastDay: string; reason: string }>(reply, {
    id: "time-off-form",
    intent: "timeOff",
  });
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

      <section id="upcoming" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">{t("agenda.upcoming")}</h2>
        {upcoming.sessions.length === 0 ? <p className="muted">{t("agenda.noUpcoming")}</p> : null}
        <ul className="stack plain-list" aria-labelledby="upcoming-title">
          {upcoming.sessions.map((session) => (
            <li key={session.id} className="card">
              <MemberName name={session.memberName} photo={session.photo} />
              <SessionFacts coachName={coach.name} {...session} />
              {session.meetingUrl ? (
                <p>
                  <strong>{t("fields.meetingLabel")}</strong>{" "}
                  <a href={session.meetingUrl} rel="noopener noreferrer" className="break-all">
                    {session.meetingUrl}
                  </a>
                </p>
              ) : null}
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

      <section id="time-off" aria-labelledby="time-off-title">
        <h2 id="time-off-title">{t("agenda.timeOff.title")}</h2>
        <p className="muted">{t("agenda.timeOff.intro")}</p>
        {timeOff.length ? (
          <ul className="stack plain-list">
            {timeOff.map((off) => (
              <li key={off.id} className="card">
                <p>
                  {off.last ? t("agenda.timeOff.range", { first: off.first, last: off.last }) : off.first}
                  {off.reason ? <span className="muted"> — {off.reason}</span> : null}
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="removeTimeOff" />
                  <input type="hidden" name="id" value={off.id} />
                  <SubmitButton pendingLabel={t("saving")} className="button button--ghost">
                    {t("agenda.timeOff.remove")}
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t("agenda.timeOff.none")}</p>
        )}
        <Form method="post" {...formProps(timeOffForm)} className="card">
          <input type="hidden" name="intent" value="timeOff" />
          <Field label={t("agenda.timeOff.firstDay")} meta={timeOffFields.firstDay} ns="coaching">
            <input
              {...fieldProps(timeOffFields.firstDay, { type: "date" })}
              required
              min={days.today}
              max={days.latest}
            />
          </Field>
          <Field
            label={t("agenda.timeOff.lastDay")}
            meta={timeOffFields.lastDay}
            hint={t("agenda.timeOff.lastDayHint")}
            ns="coaching"
          >
            <input
              {...fieldProps(timeOffFields.lastDay, {
                type: "date",
                described: timeOffFields.lastDay.descriptionId,
              })}
              min={days.today}
            />
          </Field>
          <Field
            label={t("agenda.timeOff.reason")}
            meta={timeOffFields.reason}
            hint={t("agenda.timeOff.reasonHint")}
            ns="coaching"
          >
            <textarea
              {...fieldProps(timeOffFields.reason, { described: timeOffFields.reason.descriptionId })}
              rows={2}
              maxLength={limits.timeOffReason}
            />
          </Field>
          <SubmitButton pendingLabel={t("saving")}>{t("agenda.timeOff.add")}</SubmitButton>
        </Form>
      </section>

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

      <section id="feed" aria-labelledby="feed-title">
        <h2 id="feed-title">{t("agenda.feed.title")}</h2>
        <p className="muted">{t("agenda.feed.intro")}</p>
        <p>
          <a href={feedUrl} className="break-all">
            {feedUrl}
          </a>
        </p>
      </section>

      <section id="renew" aria-labelledby="renew-title">
        <h2 id="renew-title">{t("agenda.renew.title")}</h2>
        <p className="muted">{t("agenda.renew.intro")}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="renew" />
          <SubmitButton pendingLabel={t("saving")} className="button button--ghost">
            {t("agenda.renew.action")}
          </SubmitButton>
        </Form>
      </section>
    </section>
  );
}

/** Cancelling one session, with a reason for the member: open again when that reason was refused. */
function CancelForm({
  booking,
  memberName,
  maxLength,
  reply,
}: {
  booking: string;
  memberName: string;
  maxLength: number;
  reply: ReturnType<typeof useActionData<typeof action>>;
}) {
  const { t } = useTranslation("coaching");
  const [form, fields] = useFormReply<{ reason: string }>(
    // The cancel answer of this session's form only (one form per upcoming session).
    reply?.initialValue?.intent === "cancel" ? reply : undefined,
    { id: `cancel-${booking}`, intent: booking, key: "booking" },
  );
  return (
    <details open={Boolean(fields.reason.errors)}>
      <summary>{t("agenda.cancel")}</summary>
      <Form method="post" {...formProps(form)} className="confirm">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="booking" value={booking} />
        <Field
          label={t("agenda.reason", { name: memberName })}
          meta={fields.reason}
          hint={t("agenda.reasonHint", { max: maxLength })}
          ns="coaching"
        >
          <textarea
            {...fieldProps(fields.reason, { described: fields.reason.descriptionId })}
            rows={3}
            maxLength={maxLength}
          />
        </Field>
        <SubmitButton pendingLabel={t("saving")} className="button button--danger">
          {t("agenda.cancelConfirm")}
        </SubmitButton>
      </Form>
    </details>
  );
}

/** The member's photo, or their initials, and their name. */
function MemberName({ name, photo }: { name: string; photo: string | null }) {
  return (
    <p className="agenda__member">
      <Avatar url={photo} name={name} size="sm" /> <strong>{name}</strong>
    </p>
  );
}
