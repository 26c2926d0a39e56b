import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer, apiNotFound } from "~/.server/api/respond.server";
import { coachOfMember } from "~/.server/coaching/coaches/coach-accounts.server";
import { AGENDA_PAGE_SIZE, coachSessionsPage } from "~/.server/coaching/agenda/coach-agenda.server";
import { coachSessionJson, coachSessionsAnswer, coachSessionsRefusals } from "~/.server/coaching/contract.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { pageEnvelope, pageQueryParameters } from "~/.server/paging/paging.server";

export const endpoint = getEndpoint("/api/coach/sessions", {
  guard: "coach",
  summary:
    "The signed-in coach's discovery sessions, a page at a time: upcoming ones (soonest first) or past and cancelled ones",
  page: AGENDA_PAGE_SIZE,
  query: [
    { name: "when", description: "`upcoming` (default) or `past` (past and cancelled, latest first)" },
    ...pageQueryParameters,
  ],
  refusals: coachSessionsRefusals,
  ok: { status: 200, schema: coachSessionsAnswer, description: "A page of the coach's sessions, in the coach's zone" },
  async handler({ request, signedIn: { member }, page, refuse }) {
    const when = new URL(request.url).searchParams.get("when") ?? "upcoming";
    if (when !== "upcoming" && when !== "past") return refuse("whenInvalid");
    // The guard checked the role; the coach record is what every query filters on.
    const coach = await coachOfMember(member.id);
    if (!coach) return apiNotFound(request);
    const now = new Date();
    const lang = await localeOf(request);
    const { sessions, total } = await coachSessionsPage(coach, { upcoming: when === "upcoming", ...page }, now);
    return apiAnswer({
      sessions: sessions.map((session) => coachSessionJson(session, lang, now)),
      ...pageEnvelope(page, total),
    });
  },
});
