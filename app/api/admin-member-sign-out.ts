import { signOutEverywhere } from "~/.server/admin/members.server";
import { memberChange } from "~/.server/api/admin-member-change.server";

/** Kratos: DELETE /admin/identities/{id}/sessions. */
export const endpoint = memberChange("sign-out", [], {
  summary: "Sign the member out of every device",
  done: "Every session of the member ended",
  // Signing out refuses only an unknown member; the other refusals of an account change are of its state.
  change: async ({ actorId, memberId }) => {
    const outcome = await signOutEverywhere(actorId, memberId);
    return outcome.ok ? outcome : { ok: false, error: outcome.error as "noMember" };
  },
});
