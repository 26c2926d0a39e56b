import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { DAY_MS } from "~/.server/calendar/days.server";
import { isTimeZone, localDay, localTime } from "~/.server/calendar/time-zones.server";
import { coachOf, freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import { MAX_SLOTS_RANGE_DAYS, slotsAnswer, slotsRefusals } from "~/.server/coaching/contract.server";

export const endpoint = getEndpoint("/api/coaches/:coach_slug/slots", {
  summary: "A coach's free discovery-session times (within the coach's own notice and horizon), dated in the tz zone",
  query: [
    { name: "tz", description: "IANA time zone of the date and time fields (default: the member's zone)" },
    { name: "from", description: "ISO 8601 instant; default now" },
    {
      name: "to",
      description: `ISO 8601 instant; default the end of the coach's booking window (at most ${MAX_SLOTS_RANGE_DAYS} days from now)`,
    },
  ],
  refusals: slotsRefusals,
  ok: { status: 200, schema: slotsAnswer, description: "Free times, earliest first" },
  async handler({ request, params, signedIn: { member }, refuse }) {
    const coach = await coachOf(params.coach_slug ?? "");
    if (!coach) return refuse("coachUnknown");
    const query = new URL(request.url).searchParams;
    const tz = query.get("tz") ?? member.time_zone;
    if (!isTimeZone(tz)) return refuse("timeZoneInvalid");
    const now = new Date();
    const from = query.get("from") ? new Date(query.get("from")!) : now;
    const to = query.get("to")
      ? new Date(query.get("to")!)
      : new Date(now.getTime() + Math.min(coach.horizonDays, MAX_SLOTS_RANGE_DAYS) * DAY_MS);
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from) return refuse("rangeInvalid");
    // Free times are computed as asked: a range is bounded so that no request can freeze the server.
    if (to.getTime() - from.getTime() > MAX_SLOTS_RANGE_DAYS * DAY_MS) return refuse("rangeTooLong");
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
  },
});
