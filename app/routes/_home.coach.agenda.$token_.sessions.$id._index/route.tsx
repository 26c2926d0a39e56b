import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { guardPrivateLink } from "~/.server/auth/guard.server";
import { agendaPath } from "~/.server/coaching/agenda/agenda-link.server";
import { coachSessionPage } from "~/.server/coaching/sessions/session-prep-views.server";
import { notFound } from "~/.server/http/not-found.server";
import { translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { AgendaSessionPage } from "../_default.coach/session-page";
import { openAgendaLink } from "../_home.coach.agenda.$token/open-link.server";

export const meta = titleMeta;

/**
 * /coach/agenda/{token}/sessions/{id} — the same session page as /coach/agenda/sessions/{id},
 * through the coach's private agenda link: the token names the coach, and only their sessions
 * open (anyone else's id: 404).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await guardPrivateLink(request);
  const { coach, lang } = await openAgendaLink(request, params.token);
  const page = await coachSessionPage(coach, params.id ?? "", lang);
  if (!page) notFound(request);
  const t = await translator(lang, "coaching");
  return { title: t("prep.coach.pageTitle", { name: page.memberName }), page, base: agendaPath(coach) };
}

export default function LinkedAgendaSession() {
  const { page, base } = useLoaderData<typeof loader>();
  return <AgendaSessionPage page={page} base={base} />;
}
