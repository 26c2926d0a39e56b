import { guardPrivateLink } from "~/.server/auth/guard.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { agendaPath } from "~/.server/coaching/agenda/agenda-link.server";
import { cancelSessionAsCoach } from "~/.server/coaching/booking/cancellations.server";
import { sessionOfCoachToken } from "~/.server/coaching/sessions/member-sessions.server";
import { prepForCoach } from "~/.server/coaching/sessions/session-prep-views.server";
import { sessionCard } from "~/.server/coaching/sessions/session-views.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { photoUrlOf } from "~/.server/media/photo.server";
import { Avatar } from "~/components/presentational/avatar";
import { MeetingLink, SessionFacts } from "~/components/presentational/coaching-session";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { SharedPrep } from "~/components/session-prep/shared-prep";
import { titleMeta } from "~/components/document/page-title";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /coach/session/{token} — the coach's private link from their email (coaches have no account):
 * the session in the coach's time zone, and a way to cancel it. The token is the only key; a
 * reschedule gives the coach a new one and the old link stops working.
 */
async function sessionOfLink(request: Request, token: string | undefined) {
  const found = token ? await sessionOfCoachToken(token) : null;
  if (!found) notFound(request);
  return found;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guardPrivateLink(request);
  const { session, memberName } = await sessionOfLink(request, params.token);
  const lang = await localeOf(request);
  const t = await translator(lang, "coaching");
  return {
    title: t("coachPage.title", { name: memberName }),
    memberName,
    memberPhoto: await photoUrlOf(session.memberId),
    session: sessionCard(session, lang, new Date(), session.coach.timeZone),
    agenda: agendaPath(session.coach),
    prep: await prepForCoach(session, lang, session.coach.timeZone),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardPrivateLink(request);
  const token = params.token ?? "";
  await sessionOfLink(request, token);
  // Already cancelled or over: the page says so; nothing changes.
  await cancelSessionAsCoach(token);
  return redirect(`/coach/session/${token}`, 303);
}

export default function CoachSession() {
  const { memberName, memberPhoto, session, agenda, prep } = useLoaderData<typeof loader>();
  const { t } = useTranslation("coaching");
  return (
    <section className="container section narrow">
      <h1>{t("coachPage.title", { name: memberName })}</h1>
      {memberPhoto ? <Avatar url={memberPhoto} name={memberName} size="lg" /> : null}
      <p className="muted">{t("coachPage.intro")}</p>
      {session.status === "cancelled" ? <FormAlert tone="info" lines={[t("coachPage.cancelled")]} /> : null}
      <div className="card">
        <SessionFacts coachName={session.coach.name} {...session} />
        <MeetingLink url={session.meetingUrl} />
        {session.status === "confirmed" && !session.changeable ? <p className="muted">{t("coachPage.past")}</p> : null}
        {session.changeable ? (
          <Form method="post" className="confirm">
            <p>{t("coachPage.cancelQuestion", { name: memberName })}</p>
            <SubmitButton pendingLabel={t("saving")} className="button button--danger">
              {t("coachPage.cancel")}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
      <SharedPrep prep={prep} memberName={memberName} />
      <p>
        <Link to={agenda}>{t("coachPage.agendaLink")}</Link>
      </p>
    </section>
  );
}
