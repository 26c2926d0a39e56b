import type { SignedIn } from "~/.server/accounts/members.server";
import { type DeletionResult, deleteAccount as deleteProfileAccount } from "~/.server/profile/account.server";
import { cancelSessionsOfDeparting } from "./cancellations.server";

/**
 * A member deletes their own account (their profile page or the API), coaching's step included:
 * their upcoming sessions are cancelled in the deletion's transaction, so each coach is told and
 * the times are free again. Coaching calls the profile's deletion: the profile knows no coaching.
 */
export function deleteAccount(signedIn: SignedIn, email: string, password: string): Promise<DeletionResult> {
  return deleteProfileAccount(signedIn, email, password, (tx) => cancelSessionsOfDeparting(tx, signedIn.member.id));
}
