import { Link } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import type { ReactNode } from "react";
import { FormAlert } from "~/components/form/form";
import { useFormReply } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { MeetingLink, SessionFacts } from "~/components/presentational/coaching-session";
import { Pagination } from "~/components/presentational/pagination";
import { useTranslation } from "~/i18n/react";
import { AttendanceForm } from "./attendance-form";
import { CancelForm } from "./cancel-form";
import { LinkSections } from "./link-sections";
import { MemberName } from "./member-name";
import { SessionPageLink } from "./session-page-link";
import type { AgendaPageData } from "../_default.coach.agenda/agenda-page.server";
import { TimeOffSection } from "./time-off-section";

type Agenda = SerializeFrom<() => Promise<AgendaPageData>>;

/**
 * A coach's agenda below its header, the same behind the private link and in the signed-in space:
 * what the last post did, upcoming sessions (move, cancel with a reason), time off, past and
 * cancelled sessions, the .ics feed and renewing the link. Every link and form stays on `agenda.base`.
 */
export function AgendaSections({ agenda, reply }: { agenda: Agenda; reply: unknown }) {
  const { coach, base, upcoming, past, timeOff, days, feedUrl, notice, cancelledCount, limits } = agenda;
  const { t } = useTranslation("coaching");
  const { t: tc } = useTranslation("coach");
  // A refusal of the whole request (a session no longer changeable) shows over the page: the
  // session's own form may be gone by then.
  const [page] = useFormReply(reply, { id: "agenda" });
  return (
    <div className="stack">
      {notice === "cancelled" ? <FormAlert tone="success" lines={[t("agenda.notices.cancelled")]} /> : null}
      {notice === "moved" ? <FormAlert tone="success" lines={[tc("agenda.notices.moved")]} /> : null}
      {notice === "renewed" ? <FormAlert tone="success" lines={[t("agenda.renewed.sent")]} /> : null}
      {notice === "timeOff" ? (
        <FormAlert tone="success" lines={[t("agenda.notices.timeOff", { count: cancelledCount })]} />
      ) : null}
      {notice === "removed" ? <FormAlert tone="success" lines={[t("agenda.notices.removed")]} /> : null}
      {notice === "marked" ? <FormAlert tone="success" lines={[t("agenda.notices.marked")]} /> : null}
      <FormAlert lines={page.errors?.map((error) => t(error))} />
      <UnknownIntentAlert reply={reply} />

      <section id="upcoming" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">{t("agenda.upcoming")}</h2>
        {upcoming.sessions.length === 0 ? <p className="muted">{t("agenda.noUpcoming")}</p> : null}
        <ul className="stack plain-list" aria-labelledby="upcoming-title">
          {upcoming.sessions.map((session) => (
            <AgendaItem
              key={session.id}
              session={session}
              coachName={coach.name}
              base={base}
              meeting={<MeetingLink url={session.meetingUrl} />}
            >
              {session.changeable ? (
                <>
                  <p>
                    <Link
                      to={`${base}/sessions/${session.id}/move`}
                      className="button button--ghost"
                      aria-label={tc("agenda.moveFor", { name: session.memberName })}
                    >
                      {tc("agenda.move")}
                    </Link>
                  </p>
                  <CancelForm
                    booking={session.id}
                    memberName={session.memberName}
                    maxLength={limits.cancelReason}
                    reply={reply}
                  />
                </>
              ) : null}
            </AgendaItem>
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
            <AgendaItem key={session.id} session={session} coachName={coach.name} base={base}>
              {session.status === "cancelled" ? (
                <p className="muted">
                  {t(session.cancelledBy === "coach" ? "agenda.cancelledByYou" : "agenda.cancelledByMember")}
                </p>
              ) : null}
            </AgendaItem>
          ))}
        </ul>
        <Pagination page={past.page} pages={past.pages} param="past" hash="#past" label={t("agenda.past")} />
      </section>

      <LinkSections feedUrl={feedUrl} />
    </div>
  );
}

type Session = Agenda["upcoming"]["sessions"][number] | Agenda["past"]["sessions"][number];

/**
 * One session of the agenda, upcoming or past: the member, the session's facts, its `meeting` link
 * if it has one, the link to its page, what the list adds (`children`), and the attendance form
 * once the session can be marked.
 */
function AgendaItem({
  session,
  coachName,
  base,
  meeting,
  children,
}: {
  session: Session;
  coachName: string;
  base: string;
  meeting?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="card">
      <MemberName name={session.memberName} photo={session.photo} />
      <SessionFacts coachName={coachName} {...session} />
      {meeting}
      <SessionPageLink base={base} id={session.id} memberName={session.memberName} />
      {children}
      {session.attendable ? (
        <AttendanceForm booking={session.id} memberName={session.memberName} attendance={session.attendance} />
      ) : null}
    </li>
  );
}
