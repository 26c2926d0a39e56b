import type { coaches, coachingBookings } from "~/.server/db/schema.server";
import type { Language } from "~/i18n/config";

/** A coach's and a session's records, and who books: shared by the booking service and its emails. */
export type Coach = typeof coaches.$inferSelect;
export type Booking = typeof coachingBookings.$inferSelect;
export type BookingWithCoach = Booking & { coach: Coach };

/** Who books: the signed-in member, with what the emails need. */
export type Booker = { id: string; firstname: string; lastname: string; email: string; lang: Language };

/** Why a coach cancelled, told to the member: their words, and whether it is their time off. */
/** Why a coach's session was cancelled: their words, their time off, or their retirement (issue 24). */
export type CancelReason = { text: string | null; timeOff: boolean; retired?: boolean };
