import { loginBody, loginRefusals, tokenAnswer } from "~/.server/accounts/contract.server";
import { login } from "~/.server/accounts/login.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { clientOf } from "~/.server/http/client.server";

/** SPEC §7: `?locale=fr`, `{email, password}` → `{token}`. */
export const endpoint = postEndpoint("/api/dashboard/login", {
  summary: "Log in with an email and a password; answers the session token",
  guard: "none",
  body: loginBody,
  query: [{ name: "locale", description: "The language of error messages (fr or en)" }],
  refusals: loginRefusals,
  ok: { status: 200, schema: tokenAnswer, description: "Signed in" },
  async handler({ request, context, body, refuse }) {
    const { email, password } = await body();
    const result = await login(email, password, clientOf(request, context));
    // No device cookie in the answer: bearer clients keep no cookies, so they meet the limits
    // strangers share (login.server.ts); a browser page signs in through /home/login.
    return result.ok ? apiAnswer({ token: result.token }) : refuse(result.error);
  },
});
