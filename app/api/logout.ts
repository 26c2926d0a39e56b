import type { ActionFunctionArgs } from "@remix-run/node";
import { apiAnswer, apiError, methodNotAllowed } from "~/.server/api/respond.server";
import { clearTokenCookie, readToken } from "~/.server/auth/token-cookie.server";
import { logout } from "~/.server/accounts/login.server";

/** POST /api/dashboard/logout — the session of the bearer token (or cookie) ends; the cookie is cleared. */
export async function action({ request }: ActionFunctionArgs) {
  const token = await readToken(request);
  if (!token || !(await logout(token))) return apiError(request, 401, { base: ["errors.unauthorized"] });
  const answer = apiAnswer({ success: true });
  answer.headers.append("Set-Cookie", await clearTokenCookie());
  return answer;
}

export const loader = methodNotAllowed;
