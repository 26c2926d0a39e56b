import { whoami, type SignedIn } from "~/.server/accounts/members.server";
import { readToken } from "~/.server/auth/token-cookie.server";
import { isVerified } from "~/.server/identity/identity.server";
import { apiError } from "./respond.server";

/**
 * The API's guard: the signed-in, verified member of the bearer token (or cookie), or the error
 * Response to answer (401 without a session, 403 while the address is unverified).
 */
export async function apiMember(
  request: Request,
): Promise<{ ok: true; signedIn: SignedIn } | { ok: false; response: Response }> {
  const token = await readToken(request);
  const signedIn = token ? await whoami(token) : null;
  if (!signedIn) return { ok: false, response: await apiError(request, 401, { base: ["errors.unauthorized"] }) };
  if (!isVerified(signedIn.identity))
    return { ok: false, response: await apiError(request, 403, { base: ["errors.unverified"] }) };
  return { ok: true, signedIn };
}
