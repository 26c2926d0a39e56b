import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireCoach } from "~/.server/auth/role-guard.server";
import { coachSessionPage } from "~/.server/coaching/sessions/session-prep-views.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { AgendaSessionPage } from "../_default.coach/session-page";
import { notKeptHandle } from "~/components/document/cacheable-page";

/** It shows what the member shares with the coach (their goal, their life GPS): never kept. */
export const handle = notKeptHandle;

export const meta = titleMeta;

const BASE = "/coach/agenda";

/**
 * /coach/agenda/sessions/{id} — one of the signed-in coach's sessions and what its member chose to
 * share before it. Another coach's session id, or none: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { coach } = await requireCoach(request);
  const lang = await localeOf(request);
  const page = await coachSessionPage(coach, params.id ?? "", lang);
  if (!page) notFound(request);
  const t = await translator(lang, "coaching");
  return { title: t("prep.coach.pageTitle", { name: page.memberName }), page };
}

export default function AgendaSession() {
  const { page } = useLoaderData<typeof loader>();
  return <AgendaSessionPage page={page} base={BASE} />;
}
