import { twoFactorRemovalBody } from "~/.server/admin/contract.server";
import { removeTwoFactorFor } from "~/.server/admin/member-account.server";
import { clientOf } from "~/.server/http/client.server";
import { memberChange } from "~/.server/api/admin-member-change.server";

/** Kratos: DELETE /admin/identities/{id}/credentials/{totp,lookup_secret}, then its sessions. */
export const endpoint = memberChange("two-factor/remove", ["twoFactorOff", "ownTwoFactor"], {
  summary:
    "Turn off a member's two-step sign-in (app and recovery codes lost), once who asks is checked: the pairing and the codes go, every session ends, the member is told by mail; not one's own",
  body: twoFactorRemovalBody,
  async change({ request, context, actorId, memberId, body }) {
    const { reason } = await body();
    return removeTwoFactorFor(actorId, memberId, reason, clientOf(request, context));
  },
});
