import { memberAnswer, memberRefusals, twoFactorRemovalBody } from "~/.server/admin/contract.server";
import { removeTwoFactorFor } from "~/.server/admin/member-account.server";
import { memberJson } from "~/.server/admin/members.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { clientOf } from "~/.server/http/client.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** Kratos: DELETE /admin/identities/{id}/credentials/{totp,lookup_secret}, then its sessions. */
export const endpoint = postEndpoint("/api/admin/members/:id/two-factor/remove", {
  guard: "admin",
  summary:
    "Turn off a member's two-step sign-in (app and recovery codes lost), once who asks is checked: the pairing and the codes go, every session ends, the member is told by mail; not one's own",
  body: twoFactorRemovalBody,
  refusals: only(memberRefusals, "noMember", "twoFactorOff", "ownTwoFactor"),
  ok: { status: 200, schema: memberAnswer, description: "The member, after the change" },
  async handler({ request, context, params, signedIn, body, refuse }) {
    const { reason } = await body();
    const outcome = await removeTwoFactorFor(signedIn.member.id, params.id ?? "", reason, clientOf(request, context));
    if (!outcome.ok) return refuse(outcome.error);
    const answer = await memberJson(params.id ?? "", await localeOf(request));
    return answer ? apiAnswer(answer) : refuse("noMember");
  },
});
