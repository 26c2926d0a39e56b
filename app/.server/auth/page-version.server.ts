import { type PageVersions, sharedPageVersions } from "~/.server/db/page-versions.server";
import { identity } from "~/.server/identity/identity-service.server";
import { readToken } from "./token-cookie.server";

/**
 * The versions of what the request's pages may read (db/page-versions.server.ts), which server.ts
 * hands to the render cache (http/render-cache.server.ts), asked before any loader runs:
 *   - with a session token, its member's and the shared subjects' while the session is live
 *     (identity port, `pageVersions`), else null: no live session, or identities outside our
 *     database (Ory);
 *   - without one (a private link's page, a coach's agenda), the shared subjects' alone.
 */
export async function pageVersions(request: Request): Promise<PageVersions | null> {
  const token = await readToken(request);
  return token ? identity().pageVersions(token) : sharedPageVersions();
}
