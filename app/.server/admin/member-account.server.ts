import { and, eq, isNotNull } from "drizzle-orm";
import { memberOfIdentity } from "~/.server/accounts/members.server";
import { resendVerification } from "~/.server/accounts/verification.server";
import { recordChange } from "~/.server/audit/audit-log.server";
import { cancelSessionsOfDeparting } from "~/.server/coaching/booking/cancellations.server";
import { db } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import type { Client } from "~/.server/http/client.server";
import { identity, isVerified } from "~/.server/identity/identity-service.server";
import { removeAccount } from "~/.server/profile/account.server";
import { anActiveAdminRemainsWithout, LastAdminError } from "~/.server/roles/roles.server";
import { recordSecurityEvent } from "~/.server/security/security-events.server";

/**
 * What an operator does to a member's account beyond signing it out or disabling it: a
 * fresh verification code, and the account's deletion — each through the very service the
 * member's own page uses (accounts/verification, profile/account), so that no rule has a copy here;
 * and turning off the two-step sign-in of a member who lost both their app and their recovery
 * codes, which no member's page can do for them.
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

/**
 * Deletes the member's account with the rules of the member's own deletion (their upcoming sessions
 * cancelled and coaches told; removeAccount: their mail and counters gone); the audit entry keeps
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
        if (!(await anActiveAdminRemainsWithout(tx, account.member.id))) throw new LastAdminError();
        await recordChange(tx, {
          actorId,
          subject: { id: account.member.id, name: account.name },
          action: "member.deleted",
          before: { state: account.identity.state, verified: isVerified(account.identity) },
          after: null,
        });
        await cancelSessionsOfDeparting(tx, account.member.id);
      },
    );
  } catch (error) {
    if (error instanceof LastAdminError) return { ok: false, error: "lastAdmin" };
    throw error;
  }
  return { ok: true };
}

export type TwoFactorRemoval = { ok: true } | { ok: false; error: "noMember" | "ownTwoFactor" | "twoFactorOff" };

/** Thrown inside the removal's transaction: another removal cleared the member's record first. */
class AlreadyOffError extends Error {}

/**
 * Turns the member's two-step sign-in off, once the operator has checked who is asking (`reason`
 * says how, kept in the audit entry): the pairing and the recovery codes go, every session of the
 * member ends (an aal2 session a thief holds too), and the member is told by a security notice.
 * Cap's record of it (`two_factor_since`) decides whether it is on. An admin turns their own off
 * from their profile, where the password is asked.
 */
export async function removeTwoFactorFor(
  actorId: string,
  memberId: string,
  reason: string,
  client: Client,
): Promise<TwoFactorRemoval> {
  if (memberId === actorId) return { ok: false, error: "ownTwoFactor" };
  if (!isUuid(memberId)) return { ok: false, error: "noMember" };
  const [row] = await db().select().from(appUsers).where(eq(appUsers.id, memberId));
  if (!row) return { ok: false, error: "noMember" };
  const since = row.twoFactorSince;
  if (!since) return { ok: false, error: "twoFactorOff" };
  const devices = await identity().countSessions(row.identityId);
  try {
    await identity().removeSecondFactorAsOperator(row.identityId, async (tx) => {
      const cleared = await tx
        .update(appUsers)
        .set({ twoFactorSince: null })
        .where(and(eq(appUsers.id, row.id), isNotNull(appUsers.twoFactorSince)))
        .returning({ id: appUsers.id });
      // Two admins at once: the first one's removal is the one audited and told.
      if (cleared.length === 0) throw new AlreadyOffError();
      await recordChange(tx, {
        actorId,
        subject: { id: row.id, name: `${row.firstname} ${row.lastname}` },
        action: "account.twoFactorRemoved",
        before: { twoFactorSince: since.toISOString(), devices },
        after: { twoFactorSince: null, devices: 0, reason },
      });
      // The notice names the admin's device: where the change came from. Its "this wasn't me" link
      // still helps a member whose identity check an impostor passed.
      await recordSecurityEvent(tx, row.id, "twoFactor.disabled", client);
    });
  } catch (error) {
    if (error instanceof AlreadyOffError) return { ok: false, error: "twoFactorOff" };
    throw error;
  }
  return { ok: true };
}
