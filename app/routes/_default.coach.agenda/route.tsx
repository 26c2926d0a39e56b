import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireCoach } from "~/.server/auth/role-guard.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { useTranslation } from "~/i18n/react";
import { AgendaSections } from "../_default.coach/agenda-sections";
import { answerAgendaPost } from "./agenda-intents.server";
import { agendaPageData } from "./agenda-page.server";

export const meta = titleMeta;

const BASE = "/coach/agenda";

/**
 * /coach/agenda — the signed-in coach's agenda: its page (agenda-page, agenda-intents) lives here
 * and its private-link door (/coach/agenda/{token}) imports it; on their own sessions only
 * (requireCoach's coach record), their changes written to the audit log under their name.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { coach } = await requireCoach(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "coach");
  const agenda = await agendaPageData(coach, { lang, query: new URL(request.url).searchParams, base: BASE });
  return { title: t("agenda.title"), ...agenda };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { coach, member } = await requireCoach(request);
  const formData = await request.formData();
  const clientIp = context.clientIp ?? "unknown";
  return answerAgendaPost({ request, coach, formData, base: BASE, actorId: member.id, clientIp });
}

export default function SignedInAgenda() {
  const agenda = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("coach");
  return (
    <section className="container section">
      <h1>{agenda.title}</h1>
      <p className="muted">{t("agenda.intro", { zone: agenda.coach.zone })}</p>
      <AgendaSections agenda={agenda} reply={reply} />
    </section>
  );
}
