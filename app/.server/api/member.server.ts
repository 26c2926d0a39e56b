import { whoami, type SignedIn } from "~/.server/accounts/members.server";
import { readToken } from "~/.server/auth/token-cookie.server";
import { isVerified } from "~/.server/identity/identity.server";
import { apiError } from "./respond.server";

/**
 * The API's guard: the signed-in, verified member of the bearer token (or cookie), or a thrown
 * error Response, which Remix answers (401 without a session, 403 while the address is unverified).
 */
export async function apiMember(request: Request): Promise<SignedIn> {
  const token = await readToken(request);
  const signedIn = token ? await whoami(token) : null;
  if (!signedIn) throw await apiError(request, 401, { base: ["errors.unauthorized"] });
  if (!isVerified(signedIn.identity)) throw await apiError(request, 403, { base: ["errors.unverified"] });
  return signedIn;
}
