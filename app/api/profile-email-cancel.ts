import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { profileAnswer } from "~/.server/profile/contract.server";
import { cancelEmailChange } from "~/.server/profile/email-change.server";
import { profileOf } from "~/.server/profile/profile.server";

export const endpoint = postEndpoint("/api/profile/email/cancel", {
  summary: "Withdraw the pending email change: its code stops working and the account keeps its address",
  ok: { status: 200, schema: profileAnswer, description: "The profile, with no pending email" },
  async handler({ signedIn }) {
    await cancelEmailChange(signedIn);
    return apiAnswer({ profile: await profileOf(signedIn) });
  },
});
