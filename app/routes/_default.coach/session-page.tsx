import { Link } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import type { coachSessionPage } from "~/.server/coaching/sessions/session-prep-views.server";
import { MeetingLink, SessionFacts } from "~/components/presentational/coaching-session";
import { SharedPrep } from "~/components/session-prep/shared-prep";
import { useTranslation } from "~/i18n/react";
import { MemberName } from "./member-name";

type Page = NonNullable<SerializeFrom<typeof coachSessionPage>>;

/**
 * One session of a coach's agenda, behind either door (`base`): when, its member, and what the
 * member prepared for it.
 */
export function AgendaSessionPage({ page, base }: { page: Page; base: string }) {
  const { t } = useTranslation("coaching");
  const { session, memberName, memberPhoto, prep } = page;
  return (
    <section className="container section narrow stack">
      <h1>{t("prep.coach.pageTitle", { name: memberName })}</h1>
      <div className="card">
        <MemberName name={memberName} photo={memberPhoto} />
        <SessionFacts coachName={session.coach.name} {...session} />
        <MeetingLink url={session.meetingUrl} />
        {session.status === "cancelled" ? <p className="muted">{t("coachPage.cancelled")}</p> : null}
      </div>
      <SharedPrep prep={prep} memberName={memberName} />
      <p>
        <Link to={`${base}#upcoming`}>← {t("prep.coach.back")}</Link>
      </p>
    </section>
  );
}
