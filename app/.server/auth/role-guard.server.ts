import type { SignedIn } from "~/.server/accounts/members.server";
import { notFound } from "~/.server/http/not-found.server";
import { hasRole, type Role } from "~/.server/roles/roles.server";
import { requireMember } from "./guard.server";

/**
 * The guard of a space (issue 24 item 2), on top of the member guard: a signed-in, verified member
 * who holds `role`. Anyone else signed in gets the 404 of an unknown path — no hint that the page
 * exists. The role is read on every call, never cached: a withdrawn role stops working at once.
 */
export async function requireRole(request: Request, role: Role): Promise<SignedIn> {
  const signedIn = await requireMember(request);
  if (!(await hasRole(signedIn.member.id, role))) notFound(request);
  return signedIn;
}
