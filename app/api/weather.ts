import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, parseJsonBody } from "~/.server/api/respond.server";
import { weatherBody } from "~/.server/space/contract.server";
import { today } from "~/.server/space/overview.server";
import { checkIn, lastSevenDays } from "~/.server/space/weather.server";

async function weatherOf(memberId: string, day: string) {
  const days = await lastSevenDays(memberId, day);
  return { today: day, mood: days[days.length - 1].mood, days };
}

/** GET /api/weather — today's check-in (in the member's time zone) and the last seven days. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  return apiAnswer(await weatherOf(member.id, today(member.time_zone)));
}

/** POST /api/weather — `{mood: "top" | "not_top"}`: today's check-in (again: it changes). */
export async function action({ request }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const { mood } = await parseJsonBody(request, weatherBody, { ns: "space" });
  const day = today(member.time_zone);
  await checkIn(member.id, day, mood);
  return apiAnswer(await weatherOf(member.id, day));
}
