import type { SignedIn } from "~/.server/accounts/members.server";
import { notFound } from "~/.server/http/not-found.server";
import type { Role } from "~/.server/roles/roles.server";
import { coachOfMember } from "~/.server/coaching/coaches/coach-accounts.server";
import type { Coach } from "~/.server/coaching/booking-records.server";
import { mayAuthor } from "~/roles/may-author";
import { requireMember } from "./guard.server";

/**
 * The guard of a space, on top of the member guard: a signed-in, verified member
 * who holds `role`. Anyone else signed in gets the 404 of an unknown path — no hint that the page
 * exists. The roles come with whoami, read on every request, never cached: a withdrawn role stops
 * working at once.
 */
export async function requireRole(request: Request, role: Role): Promise<SignedIn> {
  const signedIn = await requireMember(request);
  if (!signedIn.roles.includes(role)) notFound(request);
  return signedIn;
}

/**
 * The author space: a member who writes trainings, or an admin, who may do all an
 * author does. Everyone else signed in gets the same 404 as requireRole's.
 */
export async function requireAuthor(request: Request): Promise<SignedIn> {
  const signedIn = await requireMember(request);
  if (!mayAuthor(signedIn.roles)) notFound(request);
  return signedIn;
}

/**
 * The coach's space: a member holding the coach role, and the coach record they sign in as (its
 * id is what every query of the space filters on: a coach reaches only their own sessions).
 */
export async function requireCoach(request: Request): Promise<SignedIn & { coach: Coach }> {
  const signedIn = await requireRole(request, "coach");
  const coach = await coachOfMember(signedIn.member.id);
  if (!coach) notFound(request);
  return { ...signedIn, coach };
}
