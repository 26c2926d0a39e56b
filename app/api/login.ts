import { tokenAnswer } from "~/.server/accounts/contract.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { clientOf } from "~/.server/http/client.server";
import { apiLoginBody, apiLoginRefusals } from "~/.server/two-factor/contract.server";
import { signInWithSecondFactor } from "~/.server/two-factor/two-factor.server";

/**
 * SPEC §7: `?locale=fr`, `{email, password}` → the token itself (a JSON string). A member with two-factor sign-in sends
 * `totp_code` (or `recovery_code`) too; without it a right password answers 401 "second factor required".
 */
export const endpoint = postEndpoint("/api/dashboard/login", {
  summary:
    "Log in with an email and a password (and the second factor when the member turned it on); answers the session token",
  guard: "none",
  body: apiLoginBody,
  query: [{ name: "locale", description: "The language of error messages (fr or en)" }],
  refusals: apiLoginRefusals,
  ok: { status: 200, schema: tokenAnswer, description: "Signed in" },
  async handler({ request, context, body, refuse }) {
    const { email, password, totp_code, recovery_code } = await body();
    const credentials = { email, password, totpCode: totp_code, recoveryCode: recovery_code };
    const result = await signInWithSecondFactor(credentials, clientOf(request, context));
    // No device cookie in the answer: bearer clients keep no cookies, so they meet the limits
    // strangers share (login.server.ts); a browser page signs in through /home/login.
    return result.ok ? apiAnswer(result.token) : refuse(result.error);
  },
});
