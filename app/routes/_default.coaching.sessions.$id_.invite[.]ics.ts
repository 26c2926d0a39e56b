import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/.server/auth/guard.server";
import { icsContentType } from "~/.server/coaching/sessions/ics.server";
import { sessionOf } from "~/.server/coaching/sessions/member-sessions.server";
import { memberInvitation } from "~/.server/coaching/sessions/session-calendar.server";
import { notFound } from "~/.server/http/not-found.server";

/**
 * /coaching/sessions/{id}/invite.ics — the member's invitation to their session, as the latest
 * confirmation or move mail attached it (same UID and SEQUENCE: importing it updates the event).
 * The session page's guard: only its member, anyone else's id a 404 like the page. A cancelled
 * session has no invitation to add: the cancellation mail's .ics already took it off calendars.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member, identity } = await requireMember(request);
  const session = await sessionOf(member.id, params.id ?? "");
  if (session?.status !== "confirmed") notFound(request);
  const ics = memberInvitation(session, { ...member, email: identity.traits.email });
  return new Response(ics, {
    headers: {
      "Content-Type": icsContentType.request,
      "Content-Disposition": 'attachment; filename="cap-session.ics"',
      // The member's own: no shared cache keeps it.
      "Cache-Control": "private, no-store",
    },
  });
}
