import { whoami } from "~/.server/accounts/members.server";
import { clientOf } from "~/.server/http/client.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { emailCodeBody, emailConfirmRefusals, profileAnswer } from "~/.server/profile/contract.server";
import { confirmEmailChange } from "~/.server/profile/email-change.server";
import { profileOf } from "~/.server/profile/profile.server";

export const endpoint = postEndpoint("/api/profile/email/confirm", {
  summary:
    "Confirm an email change with the code sent to the new address; every other session of the account ends. " +
    "429: 10 wrong codes an account an hour or 20 a client address an hour, in every flow (a browser that " +
    "signed in to the account before counts its own 5 an hour instead)",
  body: emailCodeBody,
  refusals: emailConfirmRefusals,
  ok: { status: 200, schema: profileAnswer, description: "The new address is the account's; this session stays" },
  async handler({ request, context, signedIn, body, refuse }) {
    const { code } = await body();
    const result = await confirmEmailChange(signedIn, code, clientOf(request, context));
    if (!result.ok) return refuse(result.error);
    // The session now belongs to an identity with the new address: read it again.
    const fresh = await whoami(signedIn.token);
    return apiAnswer({ profile: await profileOf(fresh!) });
  },
});
