import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { sessionOf } from "~/.server/coaching/sessions/member-sessions.server";
import {
  PREP_TOPICS_LENGTH,
  prepChoiceOf,
  prepOf,
  prepRefusals,
  prepSchema,
  savePrep,
} from "~/.server/coaching/sessions/session-prep.server";
import { prepFormOf } from "~/.server/coaching/sessions/session-prep-views.server";
import { sessionCard } from "~/.server/coaching/sessions/session-views.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { CoachHeader, SessionFacts } from "~/components/presentational/coaching-session";
import { PrepForm } from "~/components/session-prep/prep-form";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";
import { readsHandle } from "~/components/document/cacheable-page";

/** The coaching pages show a coach's free times, or a session among them: other members' bookings end a kept one too. */
export const handle = readsHandle("bookings");

export const meta = titleMeta;

/**
 * /coaching/sessions/{id}/prepare — before a session: the member writes what
 * they want to talk about and chooses what the coach may see (main goal, last life GPS, one
 * result), until the session starts; after that the page only reads. Another member's session: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const session = await sessionOf(member.id, params.id ?? "");
  if (!session) notFound(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "coaching");
  const card = sessionCard(session, lang, new Date(), session.timeZone, member.time_zone);
  return {
    title: t("prep.title"),
    session: card,
    ...(await prepFormOf(member.id, await prepOf(session.id), lang, member.time_zone)),
    topicsLength: PREP_TOPICS_LENGTH,
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const submission = parseWithZod(await request.formData(), { schema: prepSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const id = params.id ?? "";
  const outcome = await savePrep(member.id, id, prepChoiceOf(submission.value), await localeOf(request));
  if (outcome.ok) return redirect(`/coaching/sessions/${id}/prepare?saved`, 303);
  if (outcome.error === "notFound") notFound(request);
  return refuseWith(submission, prepRefusals[outcome.error]);
}

export default function PrepareSession() {
  const { session, prep, shareable, topicsLength, saved } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("coaching");
  const coach = session.coach.name;
  return (
    <>
      <CoachHeader photo={session.coach.photo} eyebrow={t("detail.title")} title={t("prep.title")} />
      {saved ? <FormAlert tone="success" lines={[t("prep.saved", { coach })]} /> : null}
      {!session.changeable ? <FormAlert tone="info" lines={[t("prep.locked")]} /> : null}
      <section className="card stack" aria-labelledby="prep-session">
        <h2 id="prep-session" className="visually-hidden">
          {t("detail.title")}
        </h2>
        <SessionFacts coachName={coach} {...session} />
      </section>
      <section className="card stack">
        {session.changeable ? <p className="muted">{t("prep.intro", { coach })}</p> : null}
        <PrepForm
          coachName={coach}
          prep={prep}
          shareable={shareable}
          topicsLength={topicsLength}
          locked={!session.changeable}
          reply={reply}
        />
      </section>
      <p className="actions">
        <Link to={`/coaching/sessions/${session.id}`}>← {t("prep.back")}</Link>
      </p>
    </>
  );
}
