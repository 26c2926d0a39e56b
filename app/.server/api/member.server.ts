import { whoami, type SignedIn } from "~/.server/accounts/members.server";
import { owesSecondFactor } from "~/.server/auth/second-step.server";
import { readToken } from "~/.server/auth/token-cookie.server";
import { isVerified } from "~/.server/identity/identity-service.server";
import type { Role } from "~/.server/roles/roles.server";
import { apiError, apiNotFound } from "./respond.server";

/**
 * The API's guards (endpoint.server.ts runs the one an operation names). The session of the
 * bearer token (or cookie), verified or not, or a thrown 401 error Response, which Remix answers:
 * also for a session that owes sign-in's second factor (a browser's cookie, before its second step).
 */
export async function apiSession(request: Request): Promise<SignedIn> {
  const token = await readToken(request);
  const signedIn = token ? await whoami(token) : null;
  if (!signedIn) throw await apiError(request, 401, { base: ["errors.unauthorized"] });
  if (owesSecondFactor(request, signedIn))
    throw await apiError(request, 401, { base: ["errors.secondFactorRequired"] });
  return signedIn;
}

/** The signed-in, verified member: 401 without a session, 403 while the address is unverified. */
export async function apiMember(request: Request): Promise<SignedIn> {
  const signedIn = await apiSession(request);
  if (!isVerified(signedIn.identity)) throw await apiError(request, 403, { base: ["errors.unverified"] });
  return signedIn;
}

/** A verified member who holds `role`: 401, 403 as apiMember, and 404 without the role. */
export function apiRole(role: Role) {
  return async (request: Request): Promise<SignedIn> => {
    const signedIn = await apiMember(request);
    if (!signedIn.roles.includes(role)) throw apiNotFound(request);
    return signedIn;
  };
}
