import { stateBody } from "~/.server/admin/contract.server";
import { setAccountState } from "~/.server/admin/members.server";
import { memberChange } from "~/.server/api/admin-member-change.server";

/** Disable (no sign-in, every session ended; under Ory the identity turns inactive) or re-enable. */
export const endpoint = memberChange("state", ["ownAccount", "lastAdmin"], {
  summary:
    "Disable (inactive: no sign-in, every session ended) or re-enable (active) an account; not one's own, nor the last active admin's",
  body: stateBody,
  change: async ({ actorId, memberId, body }) => setAccountState(actorId, memberId, (await body()).state),
});
