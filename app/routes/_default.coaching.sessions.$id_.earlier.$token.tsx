import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { sessionWhen } from "~/.server/calendar/when-words.server";
import {
  earlierTimeOffer,
  earlierTimeRefusals,
  takeSchema,
  takeEarlierTime,
} from "~/.server/coaching/booking/earlier-time.server";
import { sessionCard } from "~/.server/coaching/sessions/session-views.server";
import { refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert, IntentButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { CoachHeader, SessionFacts } from "~/components/presentational/coaching-session";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";
import { ButtonLine } from "~/components/presentational/button-link";
import { readsHandle } from "~/components/document/cacheable-page";

/** The coaching pages show a coach's free times, or a session among them: other members' bookings end a kept one too. */
export const handle = readsHandle("bookings");

export const meta = titleMeta;

/**
 * /coaching/sessions/{id}/earlier/{token} — the link of the "earlier time" mail:
 * the freed time and the member's session; one button moves the session there if the time is still
 * free (reading the page changes nothing). Taken meanwhile, or an offer that no longer stands: the
 * page says so and offers the booking page. Another member's session, or a forged link: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const offer = await earlierTimeOffer(member.id, params.id ?? "", params.token ?? "");
  if (!offer) notFound(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "coaching");
  const { session } = offer;
  return {
    title: t("earlier.pageTitle", { coach: session.coach.name }),
    session: sessionCard(session, lang, new Date(), session.timeZone, member.time_zone),
    offered: sessionWhen(lang, offer.start, offer.end, session.timeZone),
    state: offer.state,
    timeZone: session.timeZone,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const submission = parseWithZod(await request.formData(), { schema: takeSchema });
  if (submission.status !== "success") return refuseUnknownIntent();
  const id = params.id ?? "";
  const outcome = await takeEarlierTime(member.id, id, params.token ?? "");
  if (outcome.ok) return redirect(`/coaching/sessions/${id}?moved`, 303);
  if (outcome.error === "notFound") notFound(request);
  // The coach's notice has begun: the session page says why, and how to reach them.
  if (outcome.error === "insideNotice") return redirect(`/coaching/sessions/${id}`, 303);
  return refuseWith(submission, earlierTimeRefusals[outcome.error]);
}

export default function EarlierTime() {
  const { session, offered, state, timeZone } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("coaching");
  const [form] = useFormReply(reply, { id: "earlier-take" });
  const refused = Boolean(form.errors?.length);
  const reschedule = `/coaching/${session.coach.slug}?reschedule=${session.id}&tz=${encodeURIComponent(timeZone)}`;
  return (
    <>
      <CoachHeader
        photo={session.coach.photo}
        eyebrow={t("detail.title")}
        title={t("earlier.pageTitle", { coach: session.coach.name })}
      />

      <FormAlert lines={form.errors?.map((error) => t(error))} />
      <UnknownIntentAlert reply={reply} />
      {state !== "free" && !refused ? <FormAlert tone="info" lines={[t(`earlier.errors.${state}`)]} /> : null}

      <section className="card" aria-labelledby="earlier-offered">
        <h2 id="earlier-offered">{t("earlier.offered")}</h2>
        <p>
          <strong>{offered}</strong>
        </p>
        {state === "free" && !refused ? (
          <Form method="post" {...formProps(form)} className="stack">
            <p className="muted">{t("earlier.freeText")}</p>
            <div className="actions">
              <IntentButton intent="takeEarlier" pendingLabel={t("saving")}>
                {t("earlier.take")}
              </IntentButton>
            </div>
          </Form>
        ) : session.changeable ? (
          <ButtonLine to={reschedule}>{t("earlier.chooseOther")}</ButtonLine>
        ) : null}
      </section>

      <section className="card" aria-labelledby="earlier-current">
        <h2 id="earlier-current">{t("earlier.current")}</h2>
        <SessionFacts coachName={session.coach.name} {...session} />
      </section>

      <p className="actions">
        <Link to={`/coaching/sessions/${session.id}`}>{t("earlier.backToSession")}</Link>
      </p>
    </>
  );
}
