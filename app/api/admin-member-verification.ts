import { resendVerificationFor } from "~/.server/admin/member-account.server";
import { memberChange } from "~/.server/api/admin-member-change.server";

/** The member page's "resend the verification code": the member's own path and limit. */
export const endpoint = memberChange("verification", ["alreadyVerified", "tooManyResends"], {
  summary:
    "Send a new verification code to the member's unverified address (3 in 15 minutes, the member's own resends counted)",
  done: "A new code went out",
  change: ({ actorId, memberId }) => resendVerificationFor(actorId, memberId),
});
