import type { SignedIn } from "~/.server/accounts/members.server";
import { notFound } from "~/.server/http/not-found.server";
import type { Role } from "~/.server/roles/roles.server";
import { requireMember } from "./guard.server";

/**
 * The guard of a space (issue 24 item 2), on top of the member guard: a signed-in, verified member
 * who holds `role`. Anyone else signed in gets the 404 of an unknown path — no hint that the page
 * exists. The roles come with whoami, read on every request, never cached: a withdrawn role stops
 * working at once.
 */
export async function requireRole(request: Request, role: Role): Promise<SignedIn> {
  const signedIn = await requireMember(request);
  if (!signedIn.roles.includes(role)) notFound(request);
  return signedIn;
}
