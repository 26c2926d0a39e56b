/** The coach whose booking page the bench loads and the soak books on, and a day with free times. */
export const COACH_SLUG = "claire-moreau";

/**
 * The first Tuesday at least two days from today in Europe/Paris (YYYY-MM-DD): past the booking
 * notice and well within the booking window, on a day Claire Moreau works, in a fresh database
 * where nobody has booked yet.
 */
export function bookableTuesday(now = new Date()): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(now);
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 2);
  day.setUTCDate(day.getUTCDate() + ((2 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}

/** The booking page of that day, in Paris time. */
export function coachDayPath(): string {
  return `/coaching/${COACH_SLUG}?tz=Europe/Paris&day=${bookableTuesday()}`;
}
