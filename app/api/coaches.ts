import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { activeCoaches } from "~/.server/coaching/booking/free-times.server";
import { coachesAnswer, coachJson } from "~/.server/coaching/contract.server";
import { localeOf } from "~/.server/i18n/i18n.server";

export const endpoint = getEndpoint("/api/coaches", {
  summary: "The coaches who take discovery sessions: bio, languages, time zone, session length and buffer",
  ok: { status: 200, schema: coachesAnswer, description: "The coaches" },
  async handler({ request }) {
    const lang = await localeOf(request);
    return apiAnswer({ coaches: (await activeCoaches()).map((coach) => coachJson(coach, lang)) });
  },
});
