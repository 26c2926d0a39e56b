import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { guardPrivateLink } from "~/.server/auth/guard.server";
import { agendaPath } from "~/.server/coaching/agenda/agenda-link.server";
import { notFound } from "~/.server/http/not-found.server";
import { translator } from "~/.server/i18n/i18n.server";
import { titleMeta } from "~/components/document/page-title";
import { MoveSession } from "../_default.coach/move-session";
import { answerMovePost, movePageData } from "../_default.coach.agenda_.sessions.$id.move/move-page.server";
import { coachOfLink, openAgendaLink } from "../_home.coach.agenda.$token/open-link.server";

export const meta = titleMeta;

/**
 * /coach/agenda/{token}/sessions/{id}/move — moving a session through the coach's private link
 * (coaches without an account): the same page as the signed-in coach's, back to the link's agenda.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await guardPrivateLink(request);
  const { coach, lang } = await openAgendaLink(request, params.token);
  const from = new URL(request.url).searchParams.get("from");
  const move = await movePageData(coach, params.id ?? "", { lang, from });
  if (!move) notFound(request);
  const t = await translator(lang, "coach");
  return { title: t("agenda.moveTitle"), coachName: coach.name, base: agendaPath(coach), move };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardPrivateLink(request);
  const coach = await coachOfLink(request, params.token);
  const formData = await request.formData();
  return answerMovePost({ request, coach, id: params.id ?? "", formData, base: agendaPath(coach), actorId: null });
}

export default function MoveSessionByLink() {
  const { title, coachName, base, move } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section className="container section narrow">
      <h1>{title}</h1>
      <MoveSession move={move} coachName={coachName} base={base} reply={reply} />
    </section>
  );
}
