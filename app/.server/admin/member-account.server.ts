import { eq } from "drizzle-orm";
import { memberOfIdentity } from "~/.server/accounts/members.server";
import { resendVerification } from "~/.server/accounts/verification.server";
import { recordChange } from "~/.server/audit/audit-log.server";
import { db } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { identity, isVerified } from "~/.server/identity/identity-service.server";
import { removeAccount } from "~/.server/profile/account.server";
import { anAdminRemainsWithout } from "~/.server/roles/roles.server";

/**
 * What an operator does to a member's account beyond signing it out or disabling it (issue 24 item
 * 7): a fresh verification code, and the account's deletion — each through the very service the
 * member's own page uses (accounts/verification, profile/account), so that no rule has a copy here.
 */

export type ResendOutcome = { ok: true } | { ok: false; error: "noMember" | "alreadyVerified" | "tooManyResends" };

async function accountOf(memberId: string) {
  if (!isUuid(memberId)) return null;
  const [row] = await db().select().from(appUsers).where(eq(appUsers.id, memberId));
  if (!row) return null;
  const [member, found] = await Promise.all([memberOfIdentity(db(), row.identityId), identity().find(row.identityId)]);
  return member && found ? { member, identity: found, name: `${row.firstname} ${row.lastname}` } : null;
}

/**
 * A new verification code to the member's unverified address, in their language; counted with the
 * member's own resends (three in 15 minutes, whoever asks), and audited.
 */
export async function resendVerificationFor(actorId: string, memberId: string): Promise<ResendOutcome> {
  const account = await accountOf(memberId);
  if (!account) return { ok: false, error: "noMember" };
  if (isVerified(account.identity)) return { ok: false, error: "alreadyVerified" };
  const sent = await resendVerification(account.identity, account.member, account.member.lang);
  if (!sent.ok) return { ok: false, error: "tooManyResends" };
  await db().transaction((tx) =>
    recordChange(tx, {
      actorId,
      subject: { id: account.member.id, name: account.name },
      action: "account.verificationResent",
      before: { verified: false },
      after: { codeSent: true },
    }),
  );
  return { ok: true };
}

export type DeletionOutcome = { ok: true } | { ok: false; error: "noMember" | "ownDeletion" | "lastAdmin" };

/** Thrown inside the deletion's transaction to undo it: the member is the last admin. */
class LastAdminError extends Error {}

/**
 * Deletes the member's account with the rules of the member's own deletion (removeAccount: their
 * upcoming sessions cancelled and coaches told, their mail and counters gone); the audit entry keeps
 * their name. An admin deletes their own account from their profile, and the last admin stays.
 */
export async function deleteMemberAccount(actorId: string, memberId: string): Promise<DeletionOutcome> {
  if (memberId === actorId) return { ok: false, error: "ownDeletion" };
  const account = await accountOf(memberId);
  if (!account) return { ok: false, error: "noMember" };
  try {
    await removeAccount(
      { identityId: account.identity.id, memberId: account.member.id, address: account.identity.traits.email },
      async (tx) => {
        if (!(await anAdminRemainsWithout(tx, account.member.id))) throw new LastAdminError();
        await recordChange(tx, {
          actorId,
          subject: { id: account.member.id, name: account.name },
          action: "member.deleted",
          before: { state: account.identity.state, verified: isVerified(account.identity) },
          after: null,
        });
      },
    );
  } catch (error) {
    if (error instanceof LastAdminError) return { ok: false, error: "lastAdmin" };
    throw error;
  }
  return { ok: true };
}
