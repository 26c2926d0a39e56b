import { whoami } from "~/.server/accounts/members.server";
import { bookSession } from "~/.server/coaching/booking/book.server";
import { coachOf, freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import type { Coach } from "~/.server/coaching/booking-records.server";
import { coachOfMember } from "~/.server/coaching/coaches/coach-accounts.server";
import { grantRole } from "~/.server/coaching/coaches/role-changes.server";
import { action as coachAction } from "~/routes/_default.coaching.$coach_slug/route";
import { action as sessionAction } from "~/routes/_default.coaching.sessions.$id";
import { languageCookiePair, type TestMember, verifiedMember } from "./accounts";
import { postAs } from "./http";

/**
 * A verified member made a coach as an admin would (the role, and the coach record it brings).
 * With the address of a seeded coach (claire.moreau@coachs.cap.example), they sign in as that coach.
 */
export async function coachMember(
  options: Parameters<typeof verifiedMember>[0] = {},
): Promise<TestMember & { coach: Coach }> {
  const member = await verifiedMember(options);
  const granted = await grantRole({ memberId: null }, member.memberId, "coach");
  if (!granted.ok) throw new Error(`coach role refused (${granted.error})`);
  const coach = await coachOfMember(member.memberId);
  if (!coach) throw new Error("no coach record after the grant");
  return { ...member, coach };
}

export const CLAIRE_EMAIL = "claire.moreau@coachs.cap.example";

const DAY = 24 * 60 * 60 * 1000;

/** Claire Moreau, the seeded coach most tests book. */
export async function claire(): Promise<Coach> {
  const coach = await coachOf("claire-moreau");
  if (!coach) throw new Error("claire-moreau is not seeded");
  return coach;
}

/** Claire's free slots from three days on (past her notice, each with a reminder 24 h before), for `days` days. */
export async function claireSlots(days = 14) {
  const from = new Date(Date.now() + 3 * DAY);
  return freeSlotsOf(await claire(), from, new Date(from.getTime() + days * DAY));
}

/**
 * The member books `start` with Claire through her booking page (what its form posts), in `tz`;
 * with `lang`, the language cookie is sent too; `form` adds fields (a note, …).
 */
export async function bookClaireAt(
  member: TestMember,
  start: Date,
  options: { tz?: string; lang?: "fr" | "en"; form?: Record<string, string> } = {},
) {
  const cookie = options.lang ? `${member.cookie}; ${await languageCookiePair(options.lang)}` : member.cookie;
  const form = { start: start.toISOString(), tz: options.tz ?? "Europe/Paris", ...options.form };
  return postAs(coachAction, "/coaching/claire-moreau", cookie, form, { coach_slug: "claire-moreau" });
}

/** What a session's page posts (`form`: its intent and fields) for the session `id`, sent by `who`. */
export function postOnSession(who: Parameters<typeof postAs>[2], id: string, form: Record<string, string>) {
  return postAs(sessionAction, `/coaching/sessions/${id}`, who, form, { id });
}

/** A session booked with Claire on her first free slot from three days on, through the booking service. */
export async function sessionWithClaire(member: TestMember) {
  const [slot] = await claireSlots();
  const current = (await whoami(member.token))!;
  const outcome = await bookSession(
    { ...current.member, email: member.email, lang: "fr" },
    { coachSlug: "claire-moreau", start: slot.start, timeZone: "Europe/Paris", fromPath: null },
  );
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.booking;
}
