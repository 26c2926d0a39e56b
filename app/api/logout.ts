import { logout } from "~/.server/accounts/login.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer, apiError } from "~/.server/api/respond.server";
import { clearTokenCookie } from "~/.server/auth/token-cookie.server";
import { successAnswer } from "~/.server/contract/operation.server";

export const endpoint = postEndpoint("/api/dashboard/logout", {
  summary: "End the session of the bearer token (or cookie); the token cookie is cleared",
  guard: "session",
  ok: { status: 200, schema: successAnswer, description: "Signed out" },
  async handler({ request, signedIn }) {
    // Ended meanwhile (another device signed it out): as if there had been no session.
    if (!(await logout(signedIn.token))) return apiError(request, 401, { base: ["errors.unauthorized"] });
    const answer = apiAnswer({ success: true });
    answer.headers.append("Set-Cookie", await clearTokenCookie());
    return answer;
  },
});
