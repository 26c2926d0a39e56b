import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { emailChangeBody, emailChangeRefusals, profileAnswer } from "~/.server/profile/contract.server";
import { requestEmailChange } from "~/.server/profile/email-change.server";
import { profileOf } from "~/.server/profile/profile.server";

export const endpoint = postEndpoint("/api/profile/email", {
  summary:
    "Change the email address, given the current password: a code goes to the new address, which replaces the old " +
    "one once confirmed (422: wrong password; 429: 5 wrong passwords in 15 minutes, or 3 codes in 15 minutes)",
  body: emailChangeBody,
  refusals: emailChangeRefusals,
  ok: { status: 202, schema: profileAnswer, description: "Code sent; pending_email names the new address" },
  async handler({ signedIn, body, refuse }) {
    const { email, current_password } = await body();
    const result = await requestEmailChange(signedIn, email, current_password);
    return result.ok ? apiAnswer({ profile: await profileOf(signedIn) }, 202) : refuse(result.error);
  },
});
