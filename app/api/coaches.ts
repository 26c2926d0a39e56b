import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";
import { activeCoaches } from "~/.server/coaching/bookings.server";
import { coachJson } from "~/.server/coaching/contract.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** GET /api/coaches — the coaches who take discovery sessions. */
export async function loader({ request }: LoaderFunctionArgs) {
  await apiMember(request);
  const lang = await localeOf(request);
  return apiAnswer({ coaches: (await activeCoaches()).map((coach) => coachJson(coach, lang)) });
}

export const action = methodNotAllowed;
