import type { LoaderFunctionArgs } from "@remix-run/node";
import { coachAnswer } from "~/.server/api/coaching.server";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";
import { activeCoaches } from "~/.server/coaching/bookings.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** GET /api/coaches — the coaches who take discovery sessions. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const lang = await localeOf(request);
  return apiAnswer({ coaches: (await activeCoaches()).map((coach) => coachAnswer(coach, lang)) });
}

export const action = methodNotAllowed;
