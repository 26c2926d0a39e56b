import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, apiRefusal, methodNotAllowed } from "~/.server/api/respond.server";
import { coachOf, freeSlotsOf } from "~/.server/coaching/bookings.server";
import { bookingRefusals } from "~/.server/coaching/contract.server";
import { bookingWindow } from "~/.server/coaching/slots.server";
import { isTimeZone, localDay, localTime } from "~/.server/calendar/time-zones.server";
import { DAY_MS } from "~/.server/calendar/days.server";

const MAX_RANGE_DAYS = 62;

/**
 * GET /api/coaches/{slug}/slots?tz=&from=&to= — the coach's free times from `from` to `to`
 * (instants, ISO 8601; by default the whole booking window), dated in the `tz` zone (the member's own by default).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  const coach = await coachOf(params.coach_slug ?? "");
  if (!coach) return apiRefusal(request, bookingRefusals.coachUnknown);
  const query = new URL(request.url).searchParams;
  const tz = query.get("tz") ?? member.time_zone;
  if (!isTimeZone(tz))
    return apiError(request, 422, {
      fields: { tz: ["coaching:errors.timeZoneInvalid"] },
      base: ["errors.checkFields"],
    });
  const now = new Date();
  const from = query.get("from") ? new Date(query.get("from")!) : now;
  const to = query.get("to")
    ? new Date(query.get("to")!)
    : new Date(now.getTime() + bookingWindow.horizonDays * DAY_MS);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from) {
    return apiError(request, 422, { fields: { from: ["coaching:errors.rangeInvalid"] }, base: ["errors.checkFields"] });
  }
  // Free times are computed as asked: a range is bounded so that no request can freeze the server.
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    return apiError(request, 400, {
      fields: { to: [{ key: "coaching:errors.rangeTooLong", count: MAX_RANGE_DAYS }] },
      base: ["errors.checkFields"],
    });
  }
  const slots = await freeSlotsOf(coach, from, to, { now });
  return apiAnswer({
    coach: coach.slug,
    time_zone: tz,
    slots: slots.map((slot) => ({
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
      date: localDay(slot.start, tz),
      time: localTime(slot.start, tz),
    })),
  });
}

export const action = methodNotAllowed;
