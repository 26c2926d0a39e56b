import { memberRefusals } from "~/.server/admin/contract.server";
import { resendVerificationFor } from "~/.server/admin/member-account.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { successAnswer } from "~/.server/contract/operation.server";

/** The member page's "resend the verification code": the member's own path and limit. */
export const endpoint = postEndpoint("/api/admin/members/:id/verification", {
  guard: "admin",
  summary:
    "Send a new verification code to the member's unverified address (3 in 15 minutes, the member's own resends counted)",
  refusals: only(memberRefusals, "noMember", "alreadyVerified", "tooManyResends"),
  ok: { status: 200, schema: successAnswer, description: "A new code went out" },
  async handler({ params, signedIn, refuse }) {
    const outcome = await resendVerificationFor(signedIn.member.id, params.id ?? "");
    return outcome.ok ? apiAnswer({ success: true }) : refuse(outcome.error);
  },
});
