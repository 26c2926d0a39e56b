import { coachOfMember } from "~/.server/coaching/coaches/coach-accounts.server";
import type { Coach } from "~/.server/coaching/booking-records.server";
import { grantRole } from "~/.server/coaching/coaches/role-changes.server";
import { type TestMember, verifiedMember } from "./accounts";

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
