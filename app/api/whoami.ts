import type { LoaderFunctionArgs } from "@remix-run/node";
import { whoami } from "~/.server/accounts/members.server";
import { apiAnswer, apiError, methodNotAllowed } from "~/.server/api/respond.server";
import { readToken } from "~/.server/auth/token-cookie.server";

/** GET /api/dashboard/whoami — bearer token or cookie → `{ory: {id, identity}, user}` (user with flowId); 401 otherwise. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await readToken(request);
  const current = token ? await whoami(token) : null;
  if (!current) return apiError(request, 401, { base: ["errors.unauthorized"] });
  return apiAnswer({
    ory: { id: current.sessionId, identity: current.identity },
    // SPEC §3: the front end's user carries flowId, the identity provider's id of the identity.
    user: { ...current.member, flowId: current.identity.id },
  });
}

export const action = methodNotAllowed;
