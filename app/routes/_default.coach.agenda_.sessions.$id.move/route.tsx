import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireCoach } from "~/.server/auth/role-guard.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { MoveSession } from "../_default.coach/move-session";
import { answerMovePost, movePageData } from "./move-page.server";

export const meta = titleMeta;

const BASE = "/coach/agenda";

/**
 * /coach/agenda/sessions/{id}/move — the signed-in coach moves one of their sessions to another
 * of their free times (another coach's session id: 404); the member is told with the updated
 * invitation and may refuse by cancelling. Audited under the coach's name.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { coach } = await requireCoach(request);
  const lang = await localeOf(request);
  const from = new URL(request.url).searchParams.get("from");
  const move = await movePageData(coach, params.id ?? "", { lang, from });
  if (!move) notFound(request);
  const t = await translator(lang, "coach");
  return { title: t("agenda.moveTitle"), coachName: coach.name, move };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { coach, member } = await requireCoach(request);
  const formData = await request.formData();
  return answerMovePost({ request, coach, id: params.id ?? "", formData, base: BASE, actorId: member.id });
}

export default function MoveSessionPage() {
  const { title, coachName, move } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section className="container section narrow">
      <h1>{title}</h1>
      <MoveSession move={move} coachName={coachName} base={BASE} reply={reply} />
    </section>
  );
}
