import { identity } from "~/.server/identity/identity-service.server";
import { readToken } from "./token-cookie.server";

/**
 * The database's version for the request's signed-in session (identity port, `pageDataVersion`),
 * or null: no token, no live session, identities outside our database. server.ts hands it to the
 * member pages' render cache (http/render-cache.server.ts), which asks before any loader runs.
 */
export async function pageDataVersion(request: Request): Promise<string | null> {
  const token = await readToken(request);
  return token ? identity().pageDataVersion(token) : null;
}
