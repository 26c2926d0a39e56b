import type { BookingQuery } from "~/.server/coaching/booking/booking-calendar.server";

/** A link to another step: the same query with some parts changed (null removes one). */
export function stepLink(query: BookingQuery, changes: Partial<Record<"month" | "day" | "start", string | null>>) {
  const params = new URLSearchParams();
  const next = { ...query, ...changes };
  params.set("tz", next.timeZone);
  for (const name of ["month", "day", "start", "from", "reschedule"] as const) {
    const value = next[name];
    if (value) params.set(name, value);
  }
  return `?${params}`;
}
