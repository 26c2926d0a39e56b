import { currentDataVersion } from "~/.server/db/data-version.server";
import { identity } from "~/.server/identity/identity-service.server";
import { readToken } from "./token-cookie.server";

/**
 * The database's version for the pages of the request (db/data-version.server.ts), which server.ts
 * hands to the render cache (http/render-cache.server.ts), asked before any loader runs:
 *   - with a session token, the version while the session is live (identity port,
 *     `pageDataVersion`), else null: no live session, or identities outside our database (Ory);
 *   - without one (a private link's page, a coach's agenda), the version alone.
 */
export async function pageDataVersion(request: Request): Promise<string | null> {
  const token = await readToken(request);
  return token ? identity().pageDataVersion(token) : currentDataVersion();
}
