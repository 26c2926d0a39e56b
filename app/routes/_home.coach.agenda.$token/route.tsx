import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { guardPrivateLink } from "~/.server/auth/guard.server";
import { agendaPath } from "~/.server/coaching/agenda/agenda-link.server";
import { translator } from "~/.server/i18n/i18n.server";
import { privateAgendaHandle } from "~/components/document/cacheable-page";
import { titleMeta } from "~/components/document/page-title";
import { CoachHeader } from "~/components/presentational/coaching-session";
import { useTranslation } from "~/i18n/react";
import { AgendaSections } from "../_default.coach/agenda-sections";
import { answerAgendaPost } from "../_default.coach.agenda/agenda-intents.server";
import { agendaPageData } from "../_default.coach.agenda/agenda-page.server";
import { coachOfLink, openAgendaLink } from "./open-link.server";

export const meta = titleMeta;

/**
 * /coach/agenda/{token} — a coach's agenda through the private link of their emails (for coaches
 * without an account; the token is the key): upcoming and past sessions in the coach's zone,
 * moving one or cancelling it with a reason for the member, time off, the .ics feed, and renewing
 * the link. The page is the signed-in coach's /coach/agenda (its folder holds it); this is its second door.
 */
// Kept by the render cache per link and cookies, until the next write or minute.
export const handle = privateAgendaHandle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guardPrivateLink(request);
  const { coach, lang } = await openAgendaLink(request, params.token);
  const t = await translator(lang, "coaching");
  const agenda = await agendaPageData(coach, {
    lang,
    query: new URL(request.url).searchParams,
    base: agendaPath(coach),
  });
  return { title: t("agenda.title", { name: coach.name }), ...agenda };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await guardPrivateLink(request);
  const coach = await coachOfLink(request, params.token);
  const formData = await request.formData();
  const clientIp = context.clientIp ?? "unknown";
  return answerAgendaPost({ request, coach, formData, base: agendaPath(coach), actorId: null, clientIp });
}

export default function CoachAgenda() {
  const agenda = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("coaching");
  return (
    <section className="container section">
      <CoachHeader photo={agenda.coach.photo} eyebrow={t("agenda.eyebrow")} title={agenda.title}>
        <p className="muted">{t("agenda.intro", { zone: agenda.coach.zone })}</p>
      </CoachHeader>
      <AgendaSections agenda={agenda} reply={reply} />
    </section>
  );
}
