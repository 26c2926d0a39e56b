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

/**
 * One place for the page and the API: each intent on the invitation, as the signed-in member
 * (each with its own refusals: only a resend sends mail, and can be too soon or over a quota).
 */
export const invitationActions = {
  resend: ({ member }: SignedIn, id: string) => resendInvitation(member, id),
  revoke: ({ member }: SignedIn, id: string) => revokeInvitation(member.id, id),
  accept: ({ member, identity }: SignedIn, id: string) =>
    acceptInvitation({ id: member.id, email: identity.traits.email }, id),
  decline: ({ identity }: SignedIn, id: string) => declineInvitation({ email: identity.traits.email }, id),
} satisfies Record<InvitationIntent, (signedIn: SignedIn, id: string) => Promise<InvitationOutcome>>;

export function invitationAction(signedIn: SignedIn, intent: InvitationIntent, id: string): Promise<InvitationOutcome> {
  return invitationActions[intent](signedIn, id);
}
