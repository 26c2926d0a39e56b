import type { LoaderFunctionArgs } from "@remix-run/node";
import { coachOfAgendaToken } from "~/.server/coaching/agenda/agenda-link.server";
import { agendaFeed } from "~/.server/coaching/agenda/coach-agenda.server";
import { notFound } from "~/.server/http/not-found.server";

/**
 * /coach/agenda/{token}/sessions.ics — the coach's sessions as a calendar feed their calendar app
 * subscribes to. The agenda's token is the key: renewing the link changes this address too.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const coach = params.token ? await coachOfAgendaToken(params.token) : null;
  if (!coach) notFound(request);
  return new Response(await agendaFeed(coach), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="cap-sessions.ics"',
      // Private to the link's holder: no shared cache keeps it.
      "Cache-Control": "private, no-store",
    },
  });
}
