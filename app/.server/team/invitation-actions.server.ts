import type { SignedIn } from "~/.server/accounts/members.server";
import {
  acceptInvitation,
  declineInvitation,
  resendInvitation,
  revokeInvitation,
  type InvitationOutcome,
} from "./invitations.server";

/** What a member can do to an invitation: resend or revoke one they sent, accept or decline one they received. */
export const invitationIntents = ["resend", "revoke", "accept", "decline"] as const;
export type InvitationIntent = (typeof invitationIntents)[number];

export function isInvitationIntent(value: unknown): value is InvitationIntent {
  return (invitationIntents as readonly unknown[]).includes(value);
}

/** One place for the page and the API: the intent on the invitation, as the signed-in member. */
export function invitationAction(
  { member, identity }: SignedIn,
  intent: InvitationIntent,
  id: string,
): Promise<InvitationOutcome> {
  switch (intent) {
    case "resend":
      return resendInvitation(member, id);
    case "revoke":
      return revokeInvitation(member.id, id);
    case "accept":
      return acceptInvitation({ id: member.id, email: identity.traits.email }, id);
    case "decline":
      return declineInvitation({ email: identity.traits.email }, id);
  }
}
