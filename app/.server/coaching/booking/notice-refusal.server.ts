import type { BookingOutcome } from "../booking-records.server";
import { sessionOf } from "../sessions/member-sessions.server";
import { noticeWords } from "./change-notice.server";

/**
 * What the API's refusal of a member's change reads: inside the notice, the coach's hours and how
 * to reach them (the words the session page shows); other refusals read nothing.
 */
export async function refusalValues(memberId: string, outcome: Extract<BookingOutcome, { ok: false }>) {
  if (outcome.error !== "insideNotice" || !outcome.bookingId) return undefined;
  const session = await sessionOf(memberId, outcome.bookingId);
  return session ? noticeWords(session.coach) : undefined;
}
