import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { profileAnswer } from "~/.server/profile/contract.server";
import { cancelEmailChange } from "~/.server/profile/email-change.server";
import { profileOf } from "~/.server/profile/profile.server";

export const endpoint = defineEndpoint("/api/profile/email/cancel", {
  post: operation({
    summary: "Withdraw the pending email change: its code stops working and the account keeps its address",
    guard: "member",
    ok: { status: 200, schema: profileAnswer, description: "The profile, with no pending email" },
    async handler({ signedIn }) {
      await cancelEmailChange(signedIn);
      return apiAnswer({ profile: await profileOf(signedIn) });
    },
  }),
});
